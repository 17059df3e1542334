import path from "node:path";
import {
  compilePartial,
  compileTemplate,
  TemplateError,
  type CompiledPartial,
  type Template,
  type TemplateParts,
} from "../../render/handlebars.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import {
  CHECKED_BUILT_IN_HELPERS,
  HELPER_NAMES,
  HIDDEN_HELPERS,
  TOOLGEN_HELPERS,
} from "./helpers.js";
import { checkPartialCycles, type PartialSource } from "./partial-cycles.js";
import { checkCalls, type KnownNames } from "./template-refs.js";

/** Every template the docs target renders, by file name. */
export const TEMPLATE_NAMES = [
  "section.md.hbs",
  "section-cli.md.hbs",
  "capabilities.md.hbs",
  "prompt.md.hbs",
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export type Templates = Readonly<Record<TemplateName, Template>>;

/** What every template may call besides its partials: the built-in helpers, checked, and toolgen's. */
const HELPERS = { ...CHECKED_BUILT_IN_HELPERS, ...TOOLGEN_HELPERS };

/** The folder inside a templates folder whose `.hbs` files are partials. */
export const PARTIALS_FOLDER = "partials";

/** A partial as io/ read it. */
export interface PartialText {
  /** How templates call it: its path under partials/ without `.hbs`, e.g. `item`, `a/b`. */
  readonly name: string;
  /** Its text, or the error code of its reading. */
  readonly text: string | { readonly error: string };
}

/** A folder of templates as io/ read it: the names of its files, each template's text or why it could not be read, and its partials. */
export interface TemplateFolder {
  /** Absolute. */
  readonly folder: string;
  /** Every file in it (links followed); null when the folder does not exist or cannot be read. */
  readonly names: readonly string[] | null;
  /** The text of each template it holds, or the error code of its reading. */
  readonly texts: ReadonlyMap<string, string | { readonly error: string }>;
  /** The `.hbs` files of its partials/ folder (at any depth), sorted by name; empty without one. */
  readonly partials: readonly PartialText[];
}

/** The template texts generate() reads: toolgen's own, and the user's folder when one is set. */
export interface TemplateInputs {
  readonly defaults: TemplateFolder;
  readonly user: TemplateFolder | null;
}

/**
 * Each template from the user's folder when it holds one, else toolgen's own, so
 * overriding one template does not mean copying them all. The templates are null when
 * any is unusable; the problems say why (and warn of a file toolgen does not use).
 */
export function loadTemplates(
  inputs: TemplateInputs,
  cwd: string,
): { templates: Templates | null; problems: Diagnostic[] } {
  const problems: Diagnostic[] = [];
  const shown = (file: string) => shownPath(file, cwd);
  const { user } = inputs;
  if (user !== null) {
    if (user.names === null) {
      problems.push({
        severity: "error",
        code: "template-folder-unreadable",
        file: shown(user.folder),
        message: "the templates folder does not exist or cannot be read",
      });
      return { templates: null, problems };
    }
    for (const name of [...user.names].sort()) {
      if (
        name.endsWith(".hbs") &&
        !(TEMPLATE_NAMES as readonly string[]).includes(name)
      )
        problems.push({
          severity: "warning",
          code: "unused-template",
          file: shown(path.join(user.folder, name)),
          message: `toolgen does not use this template: the templates it reads are ${TEMPLATE_NAMES.join(", ")} (a partial goes in ${PARTIALS_FOLDER}/)`,
        });
    }
  }
  // The user's files as compiled, for the check of partials that call themselves.
  const sources: PartialSource[] = [];
  const partials = loadPartials(user, shown, problems, sources);
  const parts: TemplateParts = {
    helpers: HELPERS,
    hiddenHelpers: HIDDEN_HELPERS,
    partials: partials ?? new Map(),
  };
  const loaded: Partial<Record<TemplateName, Template>> = {};
  let ok = partials !== null;
  for (const name of TEMPLATE_NAMES) {
    const from = user?.names?.includes(name) ? user : inputs.defaults;
    const file = path.join(from.folder, name);
    const text = from.texts.get(name) ?? { error: "ENOENT" };
    try {
      if (typeof text !== "string") {
        problems.push({
          severity: "error",
          code: "template-unreadable",
          file: shown(file),
          message: `cannot read the template: ${text.error}`,
        });
        ok = false;
        continue;
      }
      loaded[name] = compileTemplate(shown(file), text, parts);
      if (from === user) {
        sources.push({ file: shown(file), source: loaded[name].source });
        const unknown = checkCalls(
          shown(file),
          loaded[name].source,
          knownNames(user, shown),
        );
        problems.push(...unknown);
        if (unknown.length > 0) ok = false;
      }
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      problems.push(templateDiagnostic(e));
      ok = false;
    }
  }
  const cycles = checkPartialCycles(sources);
  problems.push(...cycles);
  if (cycles.length > 0) ok = false;
  return { templates: ok ? (loaded as Templates) : null, problems };
}

/**
 * The user's partials, compiled and checked as templates are, by name; null when any is
 * unusable (the problems say why). None without a user's folder.
 */
function loadPartials(
  user: TemplateFolder | null,
  shown: (file: string) => string,
  problems: Diagnostic[],
  sources: PartialSource[],
): Map<string, CompiledPartial> | null {
  const partials = new Map<string, CompiledPartial>();
  if (user === null) return partials;
  const folder = path.join(user.folder, PARTIALS_FOLDER);
  let ok = true;
  for (const { name, text } of user.partials) {
    const file = shown(path.join(folder, `${name}.hbs`));
    if (typeof text !== "string") {
      problems.push({
        severity: "error",
        code: "template-unreadable",
        file,
        message: `cannot read the partial: ${text.error}`,
      });
      ok = false;
      continue;
    }
    try {
      const partial = compilePartial(file, text, {
        helpers: HELPERS,
        hiddenHelpers: HIDDEN_HELPERS,
      });
      partials.set(name, partial);
      sources.push({ file, source: partial.source, partial: name });
      const unknown = checkCalls(file, partial.source, knownNames(user, shown));
      problems.push(...unknown);
      if (unknown.length > 0) ok = false;
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      problems.push(templateDiagnostic(e));
      ok = false;
    }
  }
  return ok ? partials : null;
}

export function templateDiagnostic(e: TemplateError): Diagnostic {
  return {
    severity: "error",
    code: "template-error",
    file: e.file,
    message: e.message,
    ...(e.line === undefined ? {} : { line: e.line, col: e.col ?? 1 }),
  };
}

/**
 * A template's path as messages show it: relative to the working folder `cwd` when inside it
 * (where a user looks for it), absolute otherwise; / separators either way.
 */
export function shownPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  const shown =
    rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
  return shown.split(path.sep).join("/");
}

/** What the user's templates and partials may call: toolgen's helpers and the user's partials. */
function knownNames(
  user: TemplateFolder,
  shown: (file: string) => string,
): KnownNames {
  return {
    helpers: HELPER_NAMES,
    partials: user.partials.map((p) => p.name),
    partialsFolder: shown(path.join(user.folder, PARTIALS_FOLDER)),
  };
}
