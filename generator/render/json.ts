import { HEADER } from "./header.js";
import { PRINT_WIDTH, textWidth } from "./width.js";
import type { JsonValue } from "../model/types.js";

/**
 * JSON laid out the way prettier lays out a .json file, so generated JSON needs no formatter.
 *
 * JSON.stringify(value, null, 2) already is prettier's layout for objects (always open, as
 * prettier keeps them when the text it reads has them open) and for empty lists; it differs
 * only in lists of scalars, which prettier puts on one line when they fit, or fills with
 * numbers. So the native printer does the work (the output of 1,000 tools is megabytes) and
 * one pass over its text joins the lists that fit: innermost first, outward, as many passes as
 * lists nest. tests/properties/prettier-json.test.ts holds the result to prettier's own.
 */
export function printJson(value: JsonValue): string {
  let text = JSON.stringify(value, null, 2);
  // Prettier writes 1e21 where JSON.stringify writes 1e+21; only numbers of 21 digits and up have it.
  if (text.includes("e+"))
    text = text.replace(EXPONENT, (token: string, mantissa?: string) =>
      mantissa === undefined
        ? token
        : `${mantissa}${token.slice(mantissa.length + 1)}`,
    );
  for (let nested = true; nested;) {
    nested = false;
    text = text.replace(
      OPEN_LIST,
      (list: string, indent: string, body: string, offset: number) => {
        const joined = join(text, list, `${indent}`, body, offset);
        // A list joined onto a line of its own is an item of an outer list, which may now join too.
        if (
          joined !== list &&
          joined[0] === "[" &&
          lineBefore(text, offset).trim() === ""
        )
          nested = true;
        return joined;
      },
    );
  }
  return `${text}\n`;
}

/** A JSON document whose first key carries the generated-file header (JSON has no comments). */
export function printJsonWithHeader(value: {
  readonly [key: string]: JsonValue;
}): string {
  return printJson({ "//": HEADER, ...value });
}

/**
 * One item of a list as JSON.stringify leaves it on a line of its own: a string (no raw line
 * break can be inside one), a number, true, false, null, an empty object, or a list already
 * joined onto one line.
 */
const ITEM = String.raw`(?:"(?:[^"\\\n]|\\.)*"|-?[0-9][-+.eE0-9]*|true|false|null|\{\}|\[[^\n]*\])`;

/** A list open over several lines whose items are each one line: `[`, the items, `]`. */
const OPEN_LIST = new RegExp(
  String.raw`\[\n( +)((?:${ITEM},\n\1)*${ITEM})\n *\]`,
  "g",
);

const NUMBER = /^-?[0-9]/;

/** A string (left as it is), or a number with a `+` in its exponent. */
const EXPONENT = /"(?:[^"\\\n]|\\.)*"|(-?[0-9.]+e)\+[0-9]+/g;

/** The list's layout: joined when it fits on its line, filled when it holds only numbers, else as it is. */
function join(
  text: string,
  list: string,
  indent: string,
  body: string,
  offset: number,
): string {
  const items = body.split(`,\n${indent}`);
  // Prettier always opens a list of two or more lists that each hold two or more items.
  const concise = !(
    items.length > 1 &&
    items.every((item) => item[0] === "[" && itemCount(item) > 1)
  );
  if (concise) {
    const flat = `[${items.join(", ")}]`;
    const suffix = text[offset + list.length] === "," ? 1 : 0;
    if (
      textWidth(lineBefore(text, offset)) + textWidth(flat) + suffix <=
      PRINT_WIDTH
    )
      return flat;
  }
  if (items.every((item) => NUMBER.test(item))) return fill(items, indent);
  return list;
}

/** The text of the line up to `offset`. */
function lineBefore(text: string, offset: number): string {
  return text.slice(text.lastIndexOf("\n", offset - 1) + 1, offset);
}

/** How many items a one-line list holds (0, 1, or more: commas outside strings, plus one). */
function itemCount(flat: string): number {
  if (flat === "[]") return 0;
  let count = 1;
  let depth = 0;
  for (let i = 1; i < flat.length - 1; i++) {
    const ch = flat[i];
    if (ch === '"') {
      for (i++; flat[i] !== '"'; i++) if (flat[i] === "\\") i++;
    } else if (ch === "[" || ch === "{") depth++;
    else if (ch === "]" || ch === "}") depth--;
    else if (ch === "," && depth === 0) count++;
  }
  return count;
}

/** Numbers as prettier fills them: as many a line as fit. */
function fill(numbers: readonly string[], indent: string): string {
  const lines: string[] = [];
  let line = "";
  numbers.forEach((n, i) => {
    const text = n + (i < numbers.length - 1 ? "," : "");
    if (line && indent.length + line.length + 1 + text.length > PRINT_WIDTH) {
      lines.push(line);
      line = text;
    } else line = line ? `${line} ${text}` : text;
  });
  lines.push(line);
  return `[\n${lines.map((l) => indent + l).join("\n")}\n${indent.slice(2)}]`;
}
