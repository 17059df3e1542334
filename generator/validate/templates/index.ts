import path from "node:path";
import {
  compilePartial,
  compileTemplate,
  TemplateError,
  templateDiagnostic,
  type CompiledPartial,
  type Template,
  type TemplateParts,
} from "../../render/handlebars.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import { shownPath } from "../../diagnostics/shown-path.js";
import type { Templates } from "../../prompt-docs/types.js";
import {
  PARTIALS_FOLDER,
  TEMPLATE_NAMES,
  type TemplateFolder,
  type TemplateInputs,
  type TemplateName,
} from "../../read/templates.js";
import {
  CHECKED_BUILT_IN_HELPERS,
  HELPER_NAMES,
  HIDDEN_HELPERS,
  TOOLGEN_HELPERS,
} from "../../prompt-docs/helpers.js";
import { checkPartialCycles, type PartialSource } from "./partial-cycles.js";
import { checkCalls, type KnownNames } from "./calls.js";

/** What every template may call besides its partials: the built-in helpers, checked, and toolgen's. */
const HELPERS = { ...CHECKED_BUILT_IN_HELPERS, ...TOOLGEN_HELPERS };

/**
 * Each template from the user's folder when it holds one, else toolgen's own, so
 * overriding one template does not mean copying them all. The templates are null when
 * any is unusable; the problems say why (and warn of a file toolgen does not use).
 */
export function checkTemplates(
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
    const file = shown(path.join(from.folder, name));
    const [template, usable] = compileChecked(
      { file, text: from.texts.get(name) ?? { error: "ENOENT" } },
      "template",
      (text) => compileTemplate(file, text, parts),
      from === user ? knownNames(user, shown) : null,
      problems,
    );
    if (!usable) ok = false;
    if (template !== undefined) {
      loaded[name] = template;
      if (from === user) sources.push({ file, source: template.source });
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
    const [partial, usable] = compileChecked(
      { file, text },
      "partial",
      (source) =>
        compilePartial(file, source, {
          helpers: HELPERS,
          hiddenHelpers: HIDDEN_HELPERS,
        }),
      knownNames(user, shown),
      problems,
    );
    if (!usable) ok = false;
    if (partial !== undefined) {
      partials.set(name, partial);
      sources.push({ file, source: partial.source, partial: name });
    }
  }
  return ok ? partials : null;
}

/**
 * One template or partial as io/ read it, compiled (undefined when it could not be), and
 * whether it is usable: for the user's (`known` given), its calls are checked too. The problems
 * say why it is not. A compiled one with unknown calls is still returned, for the cycle check.
 */
function compileChecked<T extends { readonly source: string }>(
  read: { readonly file: string; readonly text: string | { error: string } },
  what: "template" | "partial",
  compile: (text: string) => T,
  known: KnownNames | null,
  problems: Diagnostic[],
): [compiled: T | undefined, usable: boolean] {
  const { file, text } = read;
  if (typeof text !== "string") {
    problems.push({
      severity: "error",
      code: "template-unreadable",
      file,
      message: `cannot read the ${what}: ${text.error}`,
    });
    return [undefined, false];
  }
  let compiled: T;
  try {
    compiled = compile(text);
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    problems.push(templateDiagnostic(e));
    return [undefined, false];
  }
  if (known === null) return [compiled, true];
  const unknown = checkCalls(file, compiled.source, known);
  problems.push(...unknown);
  return [compiled, unknown.length === 0];
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
