import path from "node:path";
import {
  compileTemplate,
  TemplateError,
  type Template,
} from "../../render/handlebars.js";
import type { Diagnostic } from "../../diagnostics.js";

/** Every template the docs target renders, by file name. */
export const TEMPLATE_NAMES = [
  "section.md.hbs",
  "section-cli.md.hbs",
  "capabilities.md.hbs",
  "prompt.md.hbs",
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export type Templates = Readonly<Record<TemplateName, Template>>;

/** A folder of templates as io/ read it: the names of its files, and each template's text or why it could not be read. */
export interface TemplateFolder {
  /** Absolute. */
  readonly folder: string;
  /** Every file in it (links followed); null when the folder does not exist or cannot be read. */
  readonly names: readonly string[] | null;
  /** The text of each template it holds, or the error code of its reading. */
  readonly texts: ReadonlyMap<string, string | { readonly error: string }>;
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
          message: `toolgen does not use this template: the templates it reads are ${TEMPLATE_NAMES.join(", ")}`,
        });
    }
  }
  const loaded: Partial<Record<TemplateName, Template>> = {};
  let ok = true;
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
      loaded[name] = compileTemplate(shown(file), text);
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      problems.push(templateDiagnostic(e));
      ok = false;
    }
  }
  return { templates: ok ? (loaded as Templates) : null, problems };
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
