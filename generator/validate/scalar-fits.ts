import { isCount, isFiniteNumber, isPattern } from "./plain-schema.js";

/** Keywords that never constrain a scalar value (annotations, and object or array keywords). */
const SCALAR_NEUTRAL = new Set([
  "title",
  "description",
  "default",
  "examples",
  "$comment",
  "readOnly",
  "writeOnly",
  "deprecated",
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
        if (
          typeof rule === "string"
            ? !hasType(value, rule)
            : !anyType(value, rule)
        )
          return false;
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

/** A list of type names (`[string, "null"]`) the value has one of; false for anything else. */
function anyType(value: unknown, types: unknown): boolean {
  return (
    Array.isArray(types) &&
    types.every((t) => typeof t === "string") &&
    types.some((t: string) => hasType(value, t))
  );
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
