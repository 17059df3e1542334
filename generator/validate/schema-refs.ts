import type { JsonObject } from "../model/types.js";
import type { Code } from "./codes.js";
import type { SchemaKind } from "./schema-kind.js";
import { pointerToPath } from "./structure.js";

/**
 * `$ref` may only point inside the schema (toolgen never fetches anything), at something that
 * exists, and not round in a circle of references that never reaches a schema.
 */
export function refProblem(
  schema: JsonObject,
  ref: string,
  kind: SchemaKind,
): { message: string; code: Code } | undefined {
  const seen: string[] = [];
  for (let current: string = ref; ;) {
    if (!current.startsWith("#"))
      return {
        message: `'$ref' may only point inside this ${kind} schema (#/…), not at '${current}'`,
        code: "ref-outside-schema",
      };
    if (seen.includes(current))
      return {
        message: `'$ref' goes round in a circle (${[...seen, current].join(" → ")}) and never reaches a schema`,
        code: "ref-circular",
      };
    seen.push(current);
    const target = resolvePointer(schema, current.slice(1));
    if (target === undefined)
      return {
        message: `'$ref' points at nothing: '${current}'`,
        code: "ref-dangling",
      };
    const next =
      target !== null && typeof target === "object" && !Array.isArray(target)
        ? (target as Record<string, unknown>).$ref
        : undefined;
    if (typeof next !== "string") return undefined;
    current = next;
  }
}

function resolvePointer(root: unknown, pointer: string): unknown {
  let value = root;
  for (const step of pointerToPath(decodeURIComponent(pointer))) {
    if (
      value === null ||
      typeof value !== "object" ||
      !Object.hasOwn(value, String(step))
    )
      return undefined;
    value = (value as Record<string, unknown>)[String(step)];
  }
  return value;
}
