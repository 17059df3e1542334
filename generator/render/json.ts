import { HEADER } from "./header.js";
import type { JsonObject, JsonValue } from "../model/types.js";

/** JSON in toolgen's fixed layout: `JSON.stringify(value, null, 2)` and a final newline. */
export function printJson(value: JsonValue): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A JSON document whose first key carries the generated-file header (JSON has no comments). */
export function printJsonWithHeader(value: JsonObject): string {
  return printJson({ "//": HEADER, ...value });
}

/**
 * A data file that a runtime reads, in toolgen's layout for data: objects a key per line, as
 * printJson has them, but each element of an array whole on its own line. A tool's entry is one
 * line, so a change to a tool is a change to its line, at under half the bytes of printJson.
 */
export function printDataWithHeader(value: JsonObject): string {
  return `${rows({ "//": HEADER, ...value }, "")}\n`;
}

function rows(value: JsonValue, indent: string): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return value.length === 0
      ? "[]"
      : `[\n${value.map((v) => inner + JSON.stringify(v)).join(",\n")}\n${indent}]`;
  // As JSON.stringify does, a key whose value is undefined is left out.
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length === 0
    ? "{}"
    : `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${rows(v, inner)}`).join(",\n")}\n${indent}}`;
}
