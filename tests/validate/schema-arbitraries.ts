import type { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";

// What the tests of plain-schema.ts build their ajv and their random schemas with.

/** ajv-formats' plugin, whichever way the module system hands it over. */
export const addFormats = ((
  addFormatsModule as unknown as { default?: typeof addFormatsModule }
).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Up to `keys` keywords picked from the list, each with a value of its own arbitrary. */
export function pick(
  arbs: Record<string, fc.Arbitrary<unknown>>,
  keys: number,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .uniqueArray(fc.constantFrom(...Object.keys(arbs)), { maxLength: keys })
    .chain(
      (chosen) =>
        fc.record(
          Object.fromEntries(chosen.map((k) => [k, arbs[k]!])),
        ) as fc.Arbitrary<Record<string, unknown>>,
    );
}

/** JSON Schema's seven type names. */
export const TYPE_NAMES = [
  "string",
  "integer",
  "number",
  "boolean",
  "null",
  "object",
  "array",
] as const;
