/**
 * The one test of "a JSON object" (a mapping of keys to values) in toolgen and every generated
 * package: a value that is an object, not null and not an array. Its prototype is not looked at:
 * the values tested come from JSON.parse, a YAML reader or a caller, and whatever object they
 * hold (a class instance, an Object.create(null) object) is read by its own keys. Code that
 * means "any object, arrays included" (a walk over every container, a deep freeze) says so
 * where it tests, and does not call this.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The value when it is a record (isRecord), else an empty one: for reading keys that may be missing. */
export function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
