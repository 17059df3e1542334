import { isRecord } from "../../runtime/shared/record.js";
/**
 * A conservative test for input schemas that ajv (strict mode, draft-07 meta-schema,
 * ajv-formats) certainly compiles, so most specs never pay for ajv's code generation:
 * compiling one schema costs about a millisecond, a thousand tools a whole second.
 *
 * It only ever answers "certainly compiles" or "not sure". Everything it does not
 * recognise (combinators, $ref, tuples, union types, boolean subschemas, any doubtful
 * value) is "not sure" and goes to ajv itself, so every error a user sees is still
 * ajv's own message. tests/validate/plain-schema.test.ts checks the promise against ajv.
 * scalarFits does the same for default and enum values. The plain way, ajv compiling every
 * schema and value (validate/input-schema.ts), stays the fallback; at 1,000 tools these two
 * shortcuts save about two thirds of gen's time (docs/performance.md has the figures).
 */

const SIMPLE_TYPES = new Set([
  "array",
  "boolean",
  "integer",
  "null",
  "number",
  "object",
  "string",
]);

/** ajv-formats' string formats; a test keeps this list in step with the installed ajv-formats. */
export const STRING_FORMATS: ReadonlySet<string> = new Set([
  "date",
  "time",
  "date-time",
  "iso-time",
  "iso-date-time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "url",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "regex",
  "uuid",
  "json-pointer",
  "json-pointer-uri-fragment",
  "relative-json-pointer",
  "byte",
  "password",
  "binary",
]);

/** The type a keyword needs in strictTypes mode ("any" for none), and the check of its value against the meta-schema. */
export const KEYWORD_RULES: Readonly<
  Record<
    string,
    {
      type: "any" | "number" | "string" | "array" | "object";
      valid: (value: unknown) => boolean;
    }
  >
> = {
  type: {
    type: "any",
    valid: (v) => typeof v === "string" && SIMPLE_TYPES.has(v),
  },
  title: { type: "any", valid: (v) => typeof v === "string" },
  description: { type: "any", valid: (v) => typeof v === "string" },
  default: { type: "any", valid: () => true },
  examples: { type: "any", valid: (v) => Array.isArray(v) },
  const: { type: "any", valid: () => true },
  enum: { type: "any", valid: isPlainEnum },
  minimum: { type: "number", valid: isFiniteNumber },
  maximum: { type: "number", valid: isFiniteNumber },
  exclusiveMinimum: { type: "number", valid: isFiniteNumber },
  exclusiveMaximum: { type: "number", valid: isFiniteNumber },
  multipleOf: { type: "number", valid: (v) => isFiniteNumber(v) && v > 0 },
  minLength: { type: "string", valid: isCount },
  maxLength: { type: "string", valid: isCount },
  pattern: { type: "string", valid: isPattern },
  format: {
    type: "string",
    valid: (v) => typeof v === "string" && STRING_FORMATS.has(v),
  },
  minItems: { type: "array", valid: isCount },
  maxItems: { type: "array", valid: isCount },
  uniqueItems: { type: "array", valid: (v) => typeof v === "boolean" },
  items: { type: "array", valid: isRecord },
  minProperties: { type: "object", valid: isCount },
  maxProperties: { type: "object", valid: isCount },
  properties: { type: "object", valid: isRecord },
  required: { type: "object", valid: isNameList },
  additionalProperties: {
    type: "object",
    valid: (v) => typeof v === "boolean" || isRecord(v),
  },
};

/** True only when ajv, as the generated runtime configures it, certainly compiles `schema`. */
export function isPlainSchema(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const schema = stack.pop();
    if (!isRecord(schema)) return false;
    const type = schema.type;
    for (const key of Object.keys(schema)) {
      const rule = Object.hasOwn(KEYWORD_RULES, key)
        ? KEYWORD_RULES[key]
        : undefined;
      if (!rule || !rule.valid(schema[key])) return false;
      // strictTypes: a type-specific keyword needs the schema's own type ("number" keywords also fit "integer").
      if (
        rule.type !== "any" &&
        type !== rule.type &&
        !(rule.type === "number" && type === "integer")
      )
        return false;
    }
    if (schema.format !== undefined && type !== "string") return false;
    if (isRecord(schema.items)) stack.push(schema.items);
    if (isRecord(schema.additionalProperties))
      stack.push(schema.additionalProperties);
    if (schema.properties !== undefined) {
      const properties = schema.properties as Record<string, unknown>;
      for (const name of Object.keys(properties)) {
        if (name === "__proto__") return false;
        stack.push(properties[name]);
      }
    }
    // strictRequired: every required name is one of this schema's own properties.
    if (schema.required !== undefined) {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const names = schema.required as string[];
      if (!names.every((name) => Object.hasOwn(properties, name))) return false;
    }
  }
  return true;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function isCount(value: unknown): boolean {
  return isFiniteNumber(value) && Number.isInteger(value) && value >= 0;
}

/** Distinct strings (the meta-schema's stringArray). */
function isNameList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((v) => typeof v === "string") &&
    new Set(value).size === value.length
  );
}

/** A non-empty list of distinct scalars; lists holding objects or lists are left to ajv. */
function isPlainEnum(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  const seen = new Set<string>();
  for (const v of value) {
    if (
      v !== null &&
      typeof v !== "string" &&
      typeof v !== "boolean" &&
      !isFiniteNumber(v)
    )
      return false;
    seen.add(`${v === null ? "null" : typeof v}:${String(v)}`);
  }
  return seen.size === value.length;
}

/** What ajv demands of a pattern: the meta-schema's "regex" format, then compilation with the u flag. */
function isPattern(value: unknown): boolean {
  if (typeof value !== "string" || /[^\\]\\Z/.test(value)) return false;
  try {
    new RegExp(value);
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}

/** Keywords that never constrain a scalar value (annotations, and object or array keywords). */
const SCALAR_NEUTRAL = new Set([
  "title",
  "description",
  "default",
  "examples",
  "$comment",
  "readOnly",
  "writeOnly",
  "properties",
  "required",
  "additionalProperties",
  "minProperties",
  "maxProperties",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
]);

/**
 * True only when a scalar `value` certainly satisfies `schema` (ajv, not strict): the check of
 * every default and enum value without compiling a validator for each. Anything it does not
 * fully understand (formats, multipleOf, combinators, list or mapping values) answers false,
 * and ajv decides and words the message. Keys in `leaveOut` are read as if `schema` did not
 * hold them, which spares a copy of the schema without them.
 */
export function scalarFits(
  value: unknown,
  schema: Record<string, unknown>,
  leaveOut?: ReadonlySet<string>,
): boolean {
  if (value !== null && typeof value === "object") return false;
  if (typeof value === "number" && !Number.isFinite(value)) return false;
  for (const key of Object.keys(schema)) {
    const rule = schema[key];
    if (SCALAR_NEUTRAL.has(key) || leaveOut?.has(key)) continue;
    switch (key) {
      case "type":
        if (typeof rule !== "string" || !hasType(value, rule)) return false;
        break;
      case "enum":
        if (!Array.isArray(rule) || !rule.some((v) => v === value))
          return false;
        break;
      case "const":
        if (rule !== value) return false;
        break;
      case "minimum":
      case "maximum":
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        if (!isFiniteNumber(rule)) return false;
        if (typeof value === "number" && !withinBound(key, value, rule))
          return false;
        break;
      case "minLength":
      case "maxLength":
        if (!isCount(rule)) return false;
        if (typeof value === "string") {
          const length = [...value].length;
          if (
            key === "minLength"
              ? length < (rule as number)
              : length > (rule as number)
          )
            return false;
        }
        break;
      case "pattern":
        if (typeof rule !== "string" || !isPattern(rule)) return false;
        if (typeof value === "string" && !new RegExp(rule, "u").test(value))
          return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    default:
      return false;
  }
}

function withinBound(key: string, value: number, bound: number): boolean {
  if (key === "minimum") return value >= bound;
  if (key === "maximum") return value <= bound;
  if (key === "exclusiveMinimum") return value > bound;
  return value < bound;
}
