import type { Ajv } from "ajv";
import type HandlebarsModule from "handlebars";

// The libraries only some runs need, each loaded on its first use instead of at start-up: the
// yaml library's positioned document (a spec the fast reader declines, the place of a message),
// Handlebars (the docs target), ajv (a schema that is not plain). Together they were more than
// half of the bundle, which every run compiled. From sources they are the installed packages,
// through literal require() calls (vitest provides require to the sources, and a bundler that
// bundles the sources finds them); scripts/build.mjs puts another version of this module in
// dist/, which loads each from its own bundle in dist/chunks/ (a published toolgen has no
// node_modules of its own).

/** The yaml library. */
export function yamlLibrary(): typeof import("yaml") {
  return require("yaml");
}

/** Handlebars. */
export function handlebarsLibrary(): typeof HandlebarsModule {
  return require("handlebars");
}

/** ajv's classes for the JSON Schema dialects toolgen reads, and ajv-formats. */
export interface AjvLibrary {
  readonly Ajv: typeof Ajv;
  readonly Ajv2019: typeof import("ajv/dist/2019.js").Ajv2019;
  readonly Ajv2020: typeof import("ajv/dist/2020.js").Ajv2020;
  readonly addFormats: (ajv: Ajv) => Ajv;
}

/** ajv and ajv-formats. */
export function ajvLibrary(): AjvLibrary {
  const formats = require("ajv-formats") as { default?: unknown };
  return {
    Ajv: (require("ajv") as typeof import("ajv")).Ajv,
    Ajv2019: (require("ajv/dist/2019") as typeof import("ajv/dist/2019.js"))
      .Ajv2019,
    Ajv2020: (require("ajv/dist/2020") as typeof import("ajv/dist/2020.js"))
      .Ajv2020,
    // ajv-formats is CommonJS: its function is the module itself, and also its default export.
    addFormats: (formats.default ?? formats) as (ajv: Ajv) => Ajv,
  };
}
