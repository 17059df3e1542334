import type { Ajv } from "ajv";
import { dialectOf, type Dialect } from "../../runtime/client/dialect.js";
import { ajvLibrary } from "../libraries.js";

/**
 * ajv and ajv-formats, loaded on first use (libraries.ts): most specs hold only plain schemas
 * (plain-schema.ts) and never need them.
 */
function loadAjv(dialect: Dialect = "default"): {
  Ajv: typeof Ajv;
  addFormats: (ajv: Ajv) => Ajv;
} {
  const library = ajvLibrary();
  const Ajv =
    dialect === "2020-12"
      ? library.Ajv2020
      : dialect === "2019-09"
        ? library.Ajv2019
        : library.Ajv;
  return { Ajv, addFormats: library.addFormats };
}

const compilers = new Map<Dialect, Ajv>();

/**
 * The same ajv settings the generated runtime validates arguments with (runtime/client/validate.ts).
 * Strict, but for strictRequired: ajv reads a `required` in `anyOf` before the properties it
 * names, and refuses the "one of these" pattern; toolgen's own check (schema-walk.ts) holds
 * every required name to a property instead. Union types (`type: [string, number]`) are
 * allowed: every target reads them (the CLI as runtime/cli/convert.ts says). Own properties only,
 * as the runtime reads them: a value's key named constructor or toString is the value's, never
 * Object.prototype's. One instance a dialect: the schema's `$schema` picks ajv's class for
 * draft 2020-12 or 2019-09, as the runtime does (runtime/client/dialect.ts).
 */
export function compiler(schema?: unknown): Ajv {
  const dialect = dialectOf(schema);
  let ajv = compilers.get(dialect);
  if (!ajv) {
    const { Ajv, addFormats } = loadAjv(dialect);
    ajv = new Ajv({
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
      allErrors: true,
      ownProperties: true,
      // The caller runs validateSchema itself, for errors with paths; compile need not again.
      validateSchema: false,
      // The compiled function is never run: compiling is only asked whether ajv accepts the
      // schema, and its optimising passes (over a third of compile time) change no answer.
      code: { optimize: false },
    });
    addFormats(ajv);
    compilers.set(dialect, ajv);
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
