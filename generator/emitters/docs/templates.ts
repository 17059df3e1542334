import fs from "node:fs";
import path from "node:path";
import { packageRoot } from "../../package-root.js";
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

/** toolgen's own templates: the shapes the platform's agents already read. */
export const defaultTemplatesFolder = path.join(
  packageRoot,
  "templates",
  "docs",
);

/**
 * Each template from the user's folder when it holds one, else toolgen's own, so
 * overriding one template does not mean copying them all. Null when any is unusable
 * (each problem is reported).
 */
export function loadTemplates(
  userFolder: string | null,
  cwd: string,
  report: (d: Diagnostic) => void,
): Templates | null {
  const shown = (file: string) => shownPath(file, cwd);
  let own = new Set<string>();
  if (userFolder !== null) {
    const listed = listFolder(userFolder);
    if (listed === null) {
      report({
        severity: "error",
        file: shown(userFolder),
        message: "the templates folder does not exist or cannot be read",
      });
      return null;
    }
    own = listed;
    for (const name of [...own].sort()) {
      if (
        name.endsWith(".hbs") &&
        !(TEMPLATE_NAMES as readonly string[]).includes(name)
      )
        report({
          severity: "warning",
          file: shown(path.join(userFolder, name)),
          message: `toolgen does not use this template: the templates it reads are ${TEMPLATE_NAMES.join(", ")}`,
        });
    }
  }
  const loaded: Partial<Record<TemplateName, Template>> = {};
  let ok = true;
  for (const name of TEMPLATE_NAMES) {
    const file = path.join(
      userFolder !== null && own.has(name)
        ? userFolder
        : defaultTemplatesFolder,
      name,
    );
    try {
      loaded[name] = compileTemplate(
        shown(file),
        fs.readFileSync(file, "utf8"),
      );
    } catch (e) {
      if (e instanceof TemplateError) report(templateDiagnostic(e));
      else if (isFsError(e))
        report({
          severity: "error",
          file: shown(file),
          message: `cannot read the template: ${e.code}`,
        });
      else throw e;
      ok = false;
    }
  }
  return ok ? (loaded as Templates) : null;
}

export function templateDiagnostic(e: TemplateError): Diagnostic {
  return {
    severity: "error",
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

function listFolder(folder: string): Set<string> | null {
  try {
    // statSync follows links: a template may be a symlink into a shared folder.
    return new Set(
      fs
        .readdirSync(folder)
        .filter((name) =>
          fs
            .statSync(path.join(folder, name), { throwIfNoEntry: false })
            ?.isFile(),
        ),
    );
  } catch {
    return null;
  }
}

function isFsError(e: unknown): e is NodeJS.ErrnoException & { code: string } {
  return (
    e instanceof Error && typeof (e as NodeJS.ErrnoException).code === "string"
  );
}
