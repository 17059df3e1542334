import type { JsonObject } from "../model/types.js";
import type { Code } from "./codes.js";
import type { SchemaKind } from "./schema-kind.js";
import { refTarget } from "../../runtime/shared/pointer.js";
import { isRecord } from "../../runtime/shared/record.js";

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
    const target = refTarget(schema, current);
    if (target === undefined)
      return {
        message: `'$ref' points at nothing: '${current}'`,
        code: "ref-dangling",
      };
    const next = isRecord(target) ? target.$ref : undefined;
    if (typeof next !== "string") return undefined;
    current = next;
  }
}
