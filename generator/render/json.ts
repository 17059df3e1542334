import { HEADER } from "./header.js";
import { PRINT_WIDTH, textWidth } from "./width.js";
import type { JsonValue } from "../model/types.js";

/**
 * JSON laid out the way prettier lays it out, so generated JSON needs no formatter:
 * objects always open, arrays on one line when they fit, numbers filled.
 */
export function printJson(value: JsonValue): string {
  return `${print(value, "", 0)}\n`;
}

/** A JSON document whose first key carries the generated-file header (JSON has no comments). */
export function printJsonWithHeader(value: { readonly [key: string]: JsonValue }): string {
  return printJson({ "//": HEADER, ...value });
}

/** `prefix` is the width already taken on the line, `suffix` what must follow on it. */
function print(value: JsonValue, indent: string, prefix: number, suffix = 0): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const flat = flatArray(value);
    if (flat !== null && prefix + textWidth(flat) + suffix <= PRINT_WIDTH) return flat;
    if (value.every((v) => typeof v === "number")) return fill(value as number[], indent);
    const items = value.map((v, i) => inner + print(v, inner, inner.length, i < value.length - 1 ? 1 : 0));
    return `[\n${items.join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, JsonValue>);
  if (entries.length === 0) return "{}";
  const lines = entries.map(([k, v], i) => {
    const key = `${inner}${JSON.stringify(k)}: `;
    return key + print(v, inner, textWidth(key), i < entries.length - 1 ? 1 : 0);
  });
  return `{\n${lines.join(",\n")}\n${indent}}`;
}

/** The one-line form of an array, or null when it holds an object (objects always open). */
function flatArray(value: readonly JsonValue[]): string | null {
  const parts: string[] = [];
  for (const v of value) {
    if (v === null || typeof v !== "object") parts.push(JSON.stringify(v));
    else if (Array.isArray(v)) {
      if (v.length === 0) parts.push("[]");
      else {
        const flat = flatArray(v);
        if (flat === null) return null;
        parts.push(flat);
      }
    } else if (Object.keys(v).length === 0) parts.push("{}");
    else return null;
  }
  return `[${parts.join(", ")}]`;
}

/** Numbers as prettier fills them: as many a line as fit. */
function fill(values: readonly number[], indent: string): string {
  const inner = `${indent}  `;
  const lines: string[] = [];
  let line = "";
  values.forEach((n, i) => {
    const text = JSON.stringify(n) + (i < values.length - 1 ? "," : "");
    if (line && inner.length + line.length + 1 + text.length > PRINT_WIDTH) {
      lines.push(line);
      line = text;
    } else line = line ? `${line} ${text}` : text;
  });
  lines.push(line);
  return `[\n${lines.map((l) => inner + l).join("\n")}\n${indent}]`;
}
