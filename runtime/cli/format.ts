import { printable } from "../shared/printable.js";
import { isRecord } from "../shared/record.js";

/**
 * The readable text a command prints by default: strings as they are, objects as
 * `key: value` lines nested by indentation, a list of records as blocks apart.
 * Scripts should use --json, which prints the answer exactly.
 */
export function formatText(answer: unknown): string {
  if (answer === undefined || answer === null) return "";
  if (typeof answer === "string")
    return visible(
      answer === "" || answer.endsWith("\n") ? answer : `${answer}\n`,
    );
  if (Array.isArray(answer) && answer.length > 0 && answer.every(isRecord)) {
    return visible(
      `${answer.map((item) => lines(item, "").join("\n")).join("\n\n")}\n`,
    );
  }
  return visible(`${lines(answer, "").join("\n")}\n`);
}

/** The answer exactly, for scripts; C1 controls, which JSON leaves raw, are escaped too. */
export function formatJson(answer: unknown): string {
  const text = JSON.stringify(answer === undefined ? null : answer, null, 2);
  return `${text.replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}\n`;
}

/**
 * Text from the platform or a peer, made safe for a terminal: line breaks and tabs are kept (an
 * answer is laid out on several lines), every other control character is escaped by `printable`.
 */
export function visible(text: string): string {
  return text.replace(/[^\n\t]+/g, printable);
}

function lines(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}(none)`];
    return value.flatMap((item) => {
      if (!isNested(item))
        return prefixed(scalar(item), `${indent}- `, `${indent}  `);
      const inner = lines(item, `${indent}  `);
      return [
        `${indent}- ${inner[0]!.slice(indent.length + 2)}`,
        ...inner.slice(1),
      ];
    });
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return [`${indent}(none)`];
    return entries.flatMap(([key, v]) => {
      if (isNested(v) && !isEmpty(v))
        return [`${indent}${key}:`, ...lines(v, `${indent}  `)];
      const text = isEmpty(v) ? "(none)" : scalar(v);
      if (!text.includes("\n")) return [`${indent}${key}: ${text}`];
      return [
        `${indent}${key}:`,
        ...text.split("\n").map((l) => (l ? `${indent}  ${l}` : "")),
      ];
    });
  }
  return prefixed(scalar(value), indent, indent);
}

function prefixed(text: string, first: string, rest: string): string[] {
  return text.split("\n").map((l, i) => (i === 0 ? first : rest) + l);
}

function scalar(value: unknown): string {
  if (typeof value === "string") return value.replace(/\n$/, "");
  if (value === undefined) return "null";
  return JSON.stringify(value);
}

function isNested(value: unknown): boolean {
  return value !== null && typeof value === "object";
}

function isEmpty(value: unknown): boolean {
  return Array.isArray(value)
    ? value.length === 0
    : isRecord(value) && Object.keys(value).length === 0;
}
