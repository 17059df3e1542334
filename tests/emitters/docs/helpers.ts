import fs from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";
import {
  SpecError,
  specInput,
  type Diagnostic,
  type Generated,
} from "../../../generator/index.js";
import { markdownHeader } from "../../../generator/render/header.js";
import { fixtures, repoRoot, tempProject } from "../../helpers/project.js";
import { generateFromDisk } from "../../helpers/generate.js";

/** The specs whose docs we keep as goldens: the reference and the docs fixtures. */
export const specs: Record<string, string> = {
  "tools.yaml": path.join(repoRoot, "tools.yaml"),
  minimal: path.join(fixtures, "valid/minimal/tools.yaml"),
  "docs-no-footer": path.join(fixtures, "valid/docs-no-footer/tools.yaml"),
  "docs-punctuation": path.join(fixtures, "valid/docs-punctuation/tools.yaml"),
};

export function generateFrom(
  specPath: string,
  text = fs.readFileSync(specPath, "utf8"),
  options: { templates?: string } = {},
): Generated {
  return generateFromDisk(
    specInput(specPath, text, path.dirname(specPath)),
    options,
  );
}

/** The docs package's files by path inside it. */
export function docsOf(generated: Generated): Map<string, string> {
  return new Map(
    generated.files
      .filter((f) => f.path.startsWith("docs/"))
      .map((f) => [f.path.slice("docs/".length), f.content]),
  );
}

/** A rendered text as a model reads it: its Markdown file without the header line. */
export function text(docs: Map<string, string>, file: string): string {
  const content = docs.get(file);
  if (content === undefined)
    throw new Error(`no docs/${file}; have ${[...docs.keys()].join(", ")}`);
  if (!content.startsWith(markdownHeader))
    throw new Error(`docs/${file} does not start with the header`);
  return content.slice(markdownHeader.length);
}

/** The minimal fixture, edited as YAML data. */
export function minimalVariant(
  edit: (spec: Record<string, any>) => void,
): string {
  const spec = parse(fs.readFileSync(specs.minimal!, "utf8"));
  edit(spec);
  return stringify(spec);
}

/** A project holding `spec` and, under `templates/`, the given template files (`partials/item.hbs` in its folder). */
export function projectWithTemplates(
  spec: string,
  templates: Record<string, string>,
): string {
  const dir = tempProject(spec);
  fs.mkdirSync(path.join(dir, "templates"));
  for (const [name, source] of Object.entries(templates)) {
    const file = path.join(dir, "templates", name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, source);
  }
  return dir;
}

export function generateIn(dir: string, options: { templates?: string } = {}) {
  return generateFrom(path.join(dir, "tools.yaml"), undefined, options);
}

/** The diagnostics generateFromDisk() throws for an invalid input. */
export function errorsOf(run: () => unknown): readonly Diagnostic[] {
  try {
    run();
  } catch (e) {
    if (e instanceof SpecError) return e.diagnostics;
    throw e;
  }
  throw new Error("expected a SpecError");
}

/**
 * The minimal fixture with targets.docs.templates set to `folder`, each section opted out of the
 * rendered-docs check (`check_docs: false`): these templates leave tools out on purpose.
 */
export const withTemplates = (folder: string) =>
  minimalVariant((s) => {
    s.targets.docs.templates = folder;
    for (const section of s.sections) section.check_docs = false;
  });
