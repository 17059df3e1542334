import type { Ajv } from "ajv";

/**
 * ajv and ajv-formats, loaded on first use: most specs hold only plain schemas (plain-schema.ts)
 * and never need them, and loading them costs about 10 ms of every run's startup. A literal
 * require(), because an import runs at startup: esbuild bundles it as a call of the bundled
 * module's lazy initialiser, and vitest provides require to the sources.
 */
function loadAjv(): { Ajv: typeof Ajv; addFormats: (ajv: Ajv) => Ajv } {
  const { Ajv } = require("ajv") as typeof import("ajv");
  const formats = require("ajv-formats") as { default?: unknown };
  // ajv-formats is CommonJS: its function is the module itself, and also its default export.
  const addFormats = (formats.default ?? formats) as (ajv: Ajv) => Ajv;
  return { Ajv, addFormats };
}

let ajv: Ajv | undefined;

/**
 * The same ajv settings the generated runtime validates arguments with (runtime/client/validate.ts).
 * Strict, but for strictRequired: ajv reads a `required` in `anyOf` before the properties it
 * names, and refuses the "one of these" pattern; toolgen's own check (schema-walk.ts) holds
 * every required name to a property instead. Union types (`type: [string, number]`) are
 * allowed: every target reads them (the CLI as runtime/cli/convert.ts says). Own properties only,
 * as the runtime reads them: a value's key named constructor or toString is the value's, never
 * Object.prototype's.
 */
export function compiler(): Ajv {
  if (!ajv) {
    const { Ajv, addFormats } = loadAjv();
    ajv = new Ajv({
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
      allErrors: true,
      validateSchema: true,
      ownProperties: true,
    });
    addFormats(ajv);
  }
  return ajv;
}

let lenient: Ajv | undefined;

/** Checks values against a subschema taken out of its context, where strict mode's type rules would misfire. */
export function valueChecker(): Ajv {
  if (!lenient) {
    const { Ajv, addFormats } = loadAjv();
    lenient = new Ajv({
      strict: false,
      allErrors: false,
      addUsedSchema: false,
      ownProperties: true,
    });
    addFormats(lenient);
  }
  return lenient;
}
