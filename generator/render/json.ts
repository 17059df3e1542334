import { HEADER } from "./header.js";
import type { JsonValue } from "../model/types.js";

/** JSON in toolgen's fixed layout: `JSON.stringify(value, null, 2)` and a final newline. */
export function printJson(value: JsonValue): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A JSON document whose first key carries the generated-file header (JSON has no comments). */
export function printJsonWithHeader(value: {
  readonly [key: string]: JsonValue;
}): string {
  return printJson({ "//": HEADER, ...value });
}
