/**
 * What every walk over a JSON Schema must agree on: the keywords whose values are data (a list
 * of values, a default, an example), with nothing below them a schema.
 */
export const DATA_KEYS: ReadonlySet<string> = new Set([
  "enum",
  "default",
  "const",
  "examples",
]);
