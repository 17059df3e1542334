import { Ajv, type ValidateFunction } from "ajv";
import schema from "../../tools.schema.json" with { type: "json" };

/**
 * The validator of tools.schema.json. Compiling the schema costs tens of milliseconds on
 * every run, so scripts/build.mjs puts ajv's standalone code for the same schema, compiled
 * with the same options, in place of this module in dist/; tests/validate/precompiled.e2e.test.ts
 * holds both to the same messages. Keep the options in step with STRUCTURE_OPTIONS there.
 */
export const STRUCTURE_OPTIONS = {
  allErrors: true,
  strict: false,
  verbose: true,
} as const;

export function structureValidator(): ValidateFunction {
  return new Ajv(STRUCTURE_OPTIONS).compile(schema);
}
