import { isRecord } from "../../runtime/shared/record.js";
import {
  isJson,
  type Operation,
  type OperationContext,
} from "./openapi-operation.js";
import { resolved } from "./openapi-refs.js";
import { escapeToken } from "./openapi-schema.js";

/** The success responses in the order one is chosen: 200, 201… then 2XX. */
function successCodes(responses: Record<string, unknown>): string[] {
  return Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort((a, b) =>
      a.toUpperCase() === "2XX"
        ? 1
        : b.toUpperCase() === "2XX"
          ? -1
          : Number(a) - Number(b),
    );
}

/**
 * The tool's `output`: the JSON schema of the first success response that has content, when it
 * is an object schema (MCP's structured results are objects); anything else is reported, and
 * the tool declares no output (its result is still returned).
 */
export function operationOutput(
  ctx: OperationContext,
  o: Operation,
): Record<string, unknown> | undefined {
  const responses = o.op.responses;
  if (!isRecord(responses)) return undefined;
  for (const code of successCodes(responses)) {
    const at = resolved(
      ctx.source.doc,
      responses[code],
      `${o.pointer}/responses/${code}`,
    );
    const r = at.value;
    if (
      !isRecord(r) ||
      !isRecord(r.content) ||
      Object.keys(r.content).length === 0
    )
      continue;
    const json = Object.keys(r.content).find(isJson);
    const where = ctx.source.where(at.pointer);
    if (json === undefined) {
      ctx.note(
        `${where}: the ${code} response is ${Object.keys(r.content).join(", ")}, not JSON: no output schema`,
      );
      return undefined;
    }
    const media = r.content[json];
    const pointer = `${at.pointer}/content/${escapeToken(json)}/schema`;
    if (!isRecord(media) || media.schema === undefined) return undefined;
    const root = ctx.schemas.root(media.schema, pointer, "output");
    const s = root.schema;
    // An object schema (`type: object`, which the conversion gives a schema with properties),
    // with or without combinators beside it.
    const objectLike = isRecord(s) && s.type === "object";
    if (!objectLike) {
      ctx.note(
        `${where}: the ${code} response is ${describe(s)}, not an object: no output schema (MCP's structured results are objects)`,
      );
      return undefined;
    }
    const dialect =
      ctx.source.version === "3.1"
        ? { $schema: "https://json-schema.org/draft/2020-12/schema" }
        : {};
    return {
      ...dialect,
      ...s,
      type: "object",
      ...(Object.keys(root.defs).length === 0
        ? {}
        : { $defs: { ...(isRecord(s.$defs) ? s.$defs : {}), ...root.defs } }),
    };
  }
  return undefined;
}

function describe(s: unknown): string {
  if (!isRecord(s)) return "any value";
  if (typeof s.type === "string")
    return `a${/^[aeiou]/.test(s.type) ? "n" : ""} ${s.type}`;
  if (Array.isArray(s.type)) return `one of ${s.type.join(", ")}`;
  const combinator = ["oneOf", "anyOf", "allOf", "not"].find((k) => k in s);
  return combinator === undefined ? "a schema of no type" : `a ${combinator}`;
}
