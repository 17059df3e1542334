import { mainType, unionTypes } from "./main-type.js";
import type { InputSchema, Json } from "./types.js";
import { isRecord } from "../shared/record.js";

export type Converted =
  | { readonly ok: true; readonly value: Json }
  | { readonly ok: false; readonly message: string };

/** What to write after an option in help, e.g. `<integer>` or `<LOCAL|TEAM|GLOBAL>`. */
export function placeholder(schema: InputSchema): string {
  const type = mainType(schema);
  if (schema.enum && schema.enum.length > 0)
    return `<${schema.enum.map((v) => (v === "" ? '""' : enumText(v))).join("|")}>`;
  if (type === "array") return placeholder(schema.items ?? {});
  if (type === "object") return "<json>";
  if (type === "union") return `<${unionTypes(schema).join("|")}>`;
  return `<${type}>`;
}

/**
 * Reads one command-line word as the value `schema` describes, or says why it cannot.
 * `label` names the argument in the message, e.g. `--limit` or `<task>`.
 */
export function convert(
  raw: string,
  schema: InputSchema,
  label: string,
): Converted {
  if (schema.enum && schema.enum.length > 0) {
    const found = schema.enum.find((v) => enumText(v) === raw);
    if (found !== undefined) return { ok: true, value: found };
    return fail(
      `${label} must be one of ${schema.enum.map((v) => quote(enumText(v))).join(", ")}, not ${quote(raw)}`,
    );
  }
  const type = mainType(schema);
  if (type === "union") return convertUnion(raw, unionTypes(schema), label);
  switch (type) {
    case "integer": {
      const n = /^[+-]?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      if (Number.isSafeInteger(n)) return { ok: true, value: n };
      return fail(`${label} must be a whole number, not ${quote(raw)}`);
    }
    case "number": {
      const n = raw.trim() === "" ? NaN : Number(raw);
      if (Number.isFinite(n)) return { ok: true, value: n };
      return fail(`${label} must be a number, not ${quote(raw)}`);
    }
    case "boolean":
      if (raw === "true") return { ok: true, value: true };
      if (raw === "false") return { ok: true, value: false };
      return fail(`${label} must be true or false, not ${quote(raw)}`);
    case "object":
      return parseJson(raw, label, "object", isRecord);
    case "array":
      return parseJson(raw, label, "array", Array.isArray);
    default:
      return { ok: true, value: raw };
  }
}

/**
 * Which of the readings a union of types allows are tried, the most particular first: a word
 * reads as true or false, then a whole number, a number, a JSON object or array, and only then
 * as text. So with `type: [string, number]`, `--x 5` gives the number 5 and `--x five` the text.
 */
const UNION_ORDER = ["boolean", "integer", "number", "object", "array"];

const UNION_WORDS: Readonly<Record<string, string>> = {
  boolean: "true or false",
  integer: "a whole number",
  number: "a number",
  object: "a JSON object",
  array: "a JSON array",
};

function convertUnion(
  raw: string,
  types: readonly string[],
  label: string,
): Converted {
  for (const type of UNION_ORDER) {
    if (!types.includes(type)) continue;
    const done = convert(raw, { type }, label);
    if (done.ok) return done;
  }
  if (types.includes("string")) return { ok: true, value: raw };
  const words = UNION_ORDER.filter((t) => types.includes(t)).map(
    (t) => UNION_WORDS[t],
  );
  return fail(`${label} must be ${words.join(" or ")}, not ${quote(raw)}`);
}

function parseJson(
  raw: string,
  label: string,
  what: string,
  is: (v: unknown) => boolean,
): Converted {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // toolgen's words, not the parser's: they differ between Node releases and languages.
    return fail(
      `${label} must be a JSON ${what}: ${quote(raw)} is not valid JSON`,
    );
  }
  if (!is(value))
    return fail(`${label} must be a JSON ${what}, not ${quote(raw)}`);
  return { ok: true, value: value as Json };
}

/** How an enum value is typed on the command line: strings bare, anything else as JSON. */
function enumText(value: Json): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function quote(text: string): string {
  return JSON.stringify(text);
}

function fail(message: string): Converted {
  return { ok: false, message };
}
