import type { JsonPath } from "../read/parse.js";
import { about, quoted, type ChangeName, type Subject } from "./changes.js";
import { isRecord } from "../../runtime/shared/record.js";
import { jsonEqual, shown } from "./json.js";
import { compareProperties } from "./properties.js";
import { compareText } from "./texts.js";
import type { SchemaPlace } from "./types.js";

export type { SchemaPlace } from "./types.js";

/** Keywords this file compares one by one; a change of any other is `schema-changed`. */
const HANDLED = new Set([
  "type",
  "enum",
  "minimum",
  "exclusiveMinimum",
  "minLength",
  "minItems",
  "minProperties",
  "maximum",
  "exclusiveMaximum",
  "maxLength",
  "maxItems",
  "maxProperties",
  "multipleOf",
  "uniqueItems",
  "pattern",
  "format",
  "default",
  "additionalProperties",
  "properties",
  "required",
  "items",
  "description",
  "title",
  // No effect on what is accepted.
  "examples",
  "$comment",
  "deprecated",
]);

/** Bounds that narrow when raised, and those that narrow when lowered. */
const LOWER = [
  "minimum",
  "exclusiveMinimum",
  "minLength",
  "minItems",
  "minProperties",
];
const UPPER = [
  "maximum",
  "exclusiveMaximum",
  "maxLength",
  "maxItems",
  "maxProperties",
];

/**
 * The changes from the base's input schema `b` to the current one `c`, conservatively: a change
 * that narrows what is accepted (or that this cannot prove does not) is breaking.
 */
export function compareSchema(b: unknown, c: unknown, at: SchemaPlace): void {
  if (jsonEqual(b, c)) return;
  const push = (
    change: ChangeName,
    keyword: string | null,
    text: string,
  ): void => {
    const on = keyword !== null && isRecord(c) && Object.hasOwn(c, keyword);
    at.sub.push({
      change,
      tool: at.sub.tool,
      ...(at.input === undefined ? {} : { input: at.input }),
      message: `${about(at.sub.tool, at.input)}: ${text}`,
      path: on ? [...at.path, keyword] : at.path,
      key: !on,
    });
  };
  if (!isRecord(b) || !isRecord(c)) {
    push(
      "schema-changed",
      null,
      `schema changed from ${shown(b)} to ${shown(c)}`,
    );
    return;
  }
  compareType(b, c, push);
  compareEnum(b, c, push);
  compareBounds(b, c, push);
  compareWords(b, c, push);
  compareAdditional(b, c, push);
  compareProperties(b, c, at, compareSchema);
  if (!jsonEqual(b.items, c.items)) {
    if (isRecord(b.items) && isRecord(c.items))
      compareSchema(b.items, c.items, {
        ...at,
        input: `${at.input ?? ""}[]`,
        path: [...at.path, "items"],
      });
    else push("schema-changed", "items", "items changed");
  }
  for (const keyword of ["description", "title"])
    compareText(at.sub, b[keyword], c[keyword], {
      what: `${at.input === undefined ? "" : `input ${quoted(at.input)} `}${keyword}`,
      path: [...at.path, keyword],
      parent: at.path,
      input: at.input,
    });
  const others = [...new Set([...Object.keys(b), ...Object.keys(c)])].filter(
    (k) => !HANDLED.has(k) && !jsonEqual(b[k], c[k]),
  );
  if (others.length > 0)
    push(
      "schema-changed",
      others[0]!,
      `${others.join(", ")} changed: toolgen cannot tell whether every value accepted before still is`,
    );
}

type Push = (change: ChangeName, keyword: string | null, text: string) => void;
type Schema = Record<string, unknown>;

const TYPES = ["null", "boolean", "object", "array", "number", "string"];

/** The types a schema accepts, or null: any. */
function typeSet(s: Schema): readonly string[] | null {
  if (typeof s.type === "string") return [s.type];
  if (Array.isArray(s.type)) return s.type.map(String);
  return null;
}

function accepts(set: readonly string[] | null, type: string): boolean {
  return (
    set === null ||
    set.includes(type) ||
    (type === "integer" && set.includes("number"))
  );
}

function covers(
  wide: readonly string[] | null,
  narrow: readonly string[] | null,
): boolean {
  return (narrow ?? TYPES).every((t) => accepts(wide, t));
}

function compareType(b: Schema, c: Schema, push: Push): void {
  if (jsonEqual(b.type, c.type)) return;
  const bt = typeSet(b);
  const ct = typeSet(c);
  const name = (set: readonly string[] | null) =>
    set === null ? "any type" : set.join(" | ");
  if (!covers(ct, bt))
    push(
      "type-narrowed",
      "type",
      `type narrowed from ${name(bt)} to ${name(ct)}`,
    );
  else if (!covers(bt, ct))
    push(
      "type-widened",
      "type",
      `type widened from ${name(bt)} to ${name(ct)}`,
    );
}

function compareEnum(b: Schema, c: Schema, push: Push): void {
  if (jsonEqual(b.enum, c.enum)) return;
  const be = Array.isArray(b.enum) ? b.enum : null;
  const ce = Array.isArray(c.enum) ? c.enum : null;
  if (ce === null) {
    push(
      "enum-value-added",
      null,
      "enum dropped: any value of its type is accepted",
    );
    return;
  }
  if (be === null) {
    push(
      "enum-value-removed",
      "enum",
      `enum added: only ${ce.map(shown).join(", ")} accepted`,
    );
    return;
  }
  for (const v of be)
    if (!ce.some((w) => jsonEqual(v, w)))
      push("enum-value-removed", "enum", `enum value ${shown(v)} removed`);
  const added = ce.filter((v) => !be.some((w) => jsonEqual(v, w)));
  if (added.length > 0)
    push(
      "enum-value-added",
      "enum",
      `enum value${added.length > 1 ? "s" : ""} ${added.map(shown).join(", ")} added`,
    );
}

/** Lower bounds whose absence means 0: adding or removing a 0 changes nothing accepted. */
const ZERO_WHEN_ABSENT = new Set(["minLength", "minItems", "minProperties"]);

function compareBounds(b: Schema, c: Schema, push: Push): void {
  const bound = (keyword: string, narrowsUp: boolean) => {
    const absent = ZERO_WHEN_ABSENT.has(keyword) ? 0 : undefined;
    const bv = b[keyword] ?? absent;
    const cv = c[keyword] ?? absent;
    if (jsonEqual(bv, cv)) return;
    if (
      (bv !== undefined && typeof bv !== "number") ||
      (cv !== undefined && typeof cv !== "number")
    ) {
      push(
        "schema-changed",
        keyword,
        `${keyword} changed from ${shown(bv)} to ${shown(cv)}`,
      );
      return;
    }
    const narrowed =
      cv !== undefined && (bv === undefined || (narrowsUp ? cv > bv : cv < bv));
    const text =
      bv === undefined || cv === undefined
        ? changeText(keyword, bv, cv)
        : `${keyword} ${cv > bv ? "raised" : "lowered"} from ${shown(bv)} to ${shown(cv)}`;
    push(narrowed ? "range-narrowed" : "range-widened", keyword, text);
  };
  for (const k of LOWER) bound(k, true);
  for (const k of UPPER) bound(k, false);
  if (!jsonEqual(b.multipleOf, c.multipleOf)) {
    const bv = b.multipleOf;
    const cv = c.multipleOf;
    const widened =
      cv === undefined ||
      (typeof bv === "number" &&
        typeof cv === "number" &&
        Number.isInteger(bv / cv));
    push(
      widened ? "range-widened" : "range-narrowed",
      "multipleOf",
      `multipleOf changed from ${shown(bv)} to ${shown(cv)}`,
    );
  }
  if (
    b.uniqueItems !== c.uniqueItems &&
    (b.uniqueItems === true || c.uniqueItems === true)
  )
    push(
      c.uniqueItems === true ? "range-narrowed" : "range-widened",
      "uniqueItems",
      `uniqueItems ${c.uniqueItems === true ? "added" : "removed"}`,
    );
}

/** `pattern "x" added`, `pattern "x" removed` or `pattern changed from "x" to "y"`. */
function changeText(keyword: string, before: unknown, after: unknown): string {
  if (before === undefined) return `${keyword} ${shown(after)} added`;
  if (after === undefined) return `${keyword} ${shown(before)} removed`;
  return `${keyword} changed from ${shown(before)} to ${shown(after)}`;
}

function compareWords(b: Schema, c: Schema, push: Push): void {
  if (!jsonEqual(b.pattern, c.pattern))
    push(
      c.pattern === undefined ? "pattern-removed" : "pattern-changed",
      "pattern",
      changeText("pattern", b.pattern, c.pattern),
    );
  if (!jsonEqual(b.format, c.format))
    push(
      c.format === undefined ? "format-removed" : "format-added",
      "format",
      changeText("format", b.format, c.format),
    );
  if (!jsonEqual(b.default, c.default))
    push(
      "default-changed",
      "default",
      changeText("default", b.default, c.default),
    );
}

function compareAdditional(b: Schema, c: Schema, push: Push): void {
  const ba = b.additionalProperties;
  const ca = c.additionalProperties;
  if (jsonEqual(ba, ca)) return;
  if (isRecord(ba) || isRecord(ca))
    push(
      "schema-changed",
      "additionalProperties",
      "additionalProperties changed",
    );
  else if (ca === false)
    push(
      "additional-properties-closed",
      "additionalProperties",
      "additionalProperties: false added: undeclared keys are refused",
    );
  else if (ba === false)
    push(
      "additional-properties-opened",
      null,
      "additionalProperties: false removed",
    );
}
