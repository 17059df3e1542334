import { isRecord } from "../../runtime/shared/record.js";

// The rules that rewrite one converted schema node (openapi-schema.ts walks the nodes).

/** The keywords that apply to one type of value only. */
const TYPE_KEYWORDS: Record<string, readonly string[]> = {
  object: [
    "properties",
    "patternProperties",
    "additionalProperties",
    "required",
    "minProperties",
    "maxProperties",
    "propertyNames",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "unevaluatedProperties",
  ],
  array: [
    "items",
    "prefixItems",
    "additionalItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedItems",
  ],
  string: ["minLength", "maxLength", "pattern"],
  number: [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
  ],
};

/**
 * toolgen checks schemas as ajv's strict mode does, which refuses a keyword of one type without
 * that type: a schema without `type` gets the types its keywords apply to (`properties` →
 * `type: object`), and a keyword that cannot apply to the declared type (`additionalProperties`
 * beside `type: string`), which JSON Schema ignores, is left out.
 */
export function typed(out: Record<string, unknown>): void {
  const groups = Object.keys(TYPE_KEYWORDS).filter((g) =>
    TYPE_KEYWORDS[g]!.some((k) => k in out),
  );
  if (groups.length === 0) return;
  if (out.type === undefined) {
    out.type = groups.length === 1 ? groups[0] : groups;
    return;
  }
  const declared = (Array.isArray(out.type) ? out.type : [out.type]).map((t) =>
    t === "integer" ? "number" : t,
  );
  for (const g of groups)
    if (!declared.includes(g)) for (const k of TYPE_KEYWORDS[g]!) delete out[k];
}

/**
 * A name `required` (or a `required` of its `anyOf`/`oneOf`/`allOf`) lists that `properties`
 * does not declare gets a property that takes any value: what JSON Schema already means, and
 * what toolgen's check of `required` asks for.
 */
export function requiredDeclared(out: Record<string, unknown>): void {
  if (!isRecord(out.properties)) return;
  const names = Array.isArray(out.required) ? [...out.required] : [];
  for (const k of ["anyOf", "oneOf", "allOf"])
    if (Array.isArray(out[k]))
      for (const branch of out[k] as unknown[])
        if (
          isRecord(branch) &&
          !isRecord(branch.properties) &&
          Array.isArray(branch.required)
        )
          names.push(...branch.required);
  const props = out.properties;
  for (const name of names)
    if (typeof name === "string" && !Object.hasOwn(props, name))
      Object.defineProperty(props, name, {
        value: {},
        enumerable: true,
        writable: true,
        configurable: true,
      });
}

/** Whether a default fits its schema's type, enum and (for an empty text) format: a cheap check of what toolgen checks in full. */
export function fits(value: unknown, s: Record<string, unknown>): boolean {
  if (
    Array.isArray(s.enum) &&
    !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))
  )
    return false;
  if (value === "" && typeof s.format === "string") return false;
  if (
    typeof value === "string" &&
    typeof s.minLength === "number" &&
    value.length < s.minLength
  )
    return false;
  const types =
    s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (types.length === 0) return true;
  const kind =
    value === null
      ? "null"
      : Array.isArray(value)
        ? "array"
        : Number.isInteger(value)
          ? "integer"
          : typeof value;
  return types.some(
    (t) =>
      t === kind ||
      (t === "number" && kind === "integer") ||
      (t === "object" && kind === "object"),
  );
}

/** 3.0's `nullable: true`: null joins the type (and the enum), as JSON Schema says it. */
export function nullable(
  out: Record<string, unknown>,
): Record<string, unknown> {
  if (out.type === undefined) {
    // No type to widen (`nullable` beside `allOf: [{$ref}]`): null or the schema.
    const { description, title, ...rest } = out;
    return {
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      anyOf: [rest, { type: "null" }],
    };
  }
  if (typeof out.type === "string") out.type = [out.type, "null"];
  else if (Array.isArray(out.type) && !out.type.includes("null"))
    out.type = [...out.type, "null"];
  if (Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  return out;
}

/** A JSON pointer token. */
export function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
