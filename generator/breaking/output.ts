import type { JsonPath } from "../read/parse.js";
import { about, quoted, type ChangeName, type Subject } from "./changes.js";
import { isRecord } from "../../runtime/shared/record.js";
import { jsonEqual, shown } from "./json.js";

/** Keywords an output comparison reads; a change of any other is `output-changed`. */
const HANDLED = new Set([
  "type",
  "enum",
  "properties",
  "required",
  "items",
  "description",
  "title",
  "examples",
  "$comment",
]);

/**
 * A tool's `output` schema (raw, when the spec has one), from its reader's side: a result that
 * may now hold what it did not promise before (a property or required field dropped, a type or
 * enum value added) is breaking; one that promises more is compatible.
 */
export function compareOutput(sub: Subject, b: unknown, c: unknown): void {
  if (jsonEqual(b, c)) return;
  const at = ["tools", sub.index, "output"];
  if (c === undefined)
    return push(
      sub,
      "output-removed",
      "output schema removed",
      ["tools", sub.index],
      true,
    );
  if (b === undefined)
    return push(sub, "output-added", "output schema added", at, true);
  walk(sub, b, c, "", at);
}

function walk(
  sub: Subject,
  b: unknown,
  c: unknown,
  where: string,
  at: JsonPath,
): void {
  if (jsonEqual(b, c)) return;
  const label = where === "" ? "output" : `output ${quoted(where)}`;
  if (!isRecord(b) || !isRecord(c))
    return push(
      sub,
      "output-changed",
      `${label} changed from ${shown(b)} to ${shown(c)}`,
      at,
      true,
    );
  if (!jsonEqual(b.type, c.type)) {
    const bt = types(b.type);
    const gained = types(c.type).filter(
      (t) => !bt.includes(t) && !(t === "integer" && bt.includes("number")),
    );
    if (gained.length > 0 || b.type === undefined || c.type === undefined)
      push(
        sub,
        "output-narrowed",
        `${label} may now be ${c.type === undefined ? "any type" : gained.join(" | ")}`,
        at,
        true,
      );
  }
  if (!jsonEqual(b.enum, c.enum)) {
    const be = Array.isArray(b.enum) ? b.enum : null;
    const ce = Array.isArray(c.enum) ? c.enum : null;
    const added =
      ce === null
        ? null
        : ce.filter((v) => be !== null && !be.some((w) => jsonEqual(v, w)));
    if (be !== null && (ce === null || added!.length > 0))
      push(
        sub,
        "output-narrowed",
        `${label} may now hold ${ce === null ? "any value (enum dropped)" : added!.map(shown).join(", ")}`,
        at,
        true,
      );
  }
  const bp = isRecord(b.properties) ? b.properties : {};
  const cp = isRecord(c.properties) ? c.properties : {};
  const breq = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
  const creq = new Set(Array.isArray(c.required) ? c.required.map(String) : []);
  const child = (n: string) => (where === "" ? n : `${where}.${n}`);
  for (const n of Object.keys(bp)) {
    if (!Object.hasOwn(cp, n))
      push(
        sub,
        "output-narrowed",
        `output ${quoted(child(n))} removed`,
        at,
        true,
      );
    else if (breq.has(n) && !creq.has(n))
      push(
        sub,
        "output-narrowed",
        `output ${quoted(child(n))} may now be absent (no longer required)`,
        [...at, "properties", n],
        true,
      );
  }
  for (const n of Object.keys(cp)) {
    const path = [...at, "properties", n];
    if (!Object.hasOwn(bp, n) || (creq.has(n) && !breq.has(n)))
      push(
        sub,
        "output-extended",
        `output ${quoted(child(n))} ${Object.hasOwn(bp, n) ? "now always present" : "added"}`,
        path,
        true,
      );
    else walk(sub, bp[n], cp[n], child(n), path);
  }
  if (!jsonEqual(b.items, c.items))
    walk(sub, b.items, c.items, `${where}[]`, [...at, "items"]);
  const others = [...new Set([...Object.keys(b), ...Object.keys(c)])].filter(
    (k) => !HANDLED.has(k) && !jsonEqual(b[k], c[k]),
  );
  if (others.length > 0)
    push(
      sub,
      "output-changed",
      `${label}: ${others.join(", ")} changed: toolgen cannot tell whether it still returns only what it promised`,
      at,
      true,
    );
}

function types(type: unknown): string[] {
  return typeof type === "string"
    ? [type]
    : Array.isArray(type)
      ? type.map(String)
      : ["null", "boolean", "object", "array", "number", "string"];
}

function push(
  sub: Subject,
  change: ChangeName,
  text: string,
  path: JsonPath,
  key: boolean,
): void {
  sub.push({
    change,
    tool: sub.tool,
    message: `${about(sub.tool)}: ${text}`,
    path,
    key,
  });
}
