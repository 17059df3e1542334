import type { Model, Section } from "../../model/types.js";
import { TemplateError, type Template } from "../../render/handlebars.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import {
  createViews,
  tidyOutput,
  type PromptView,
  type Runtime,
} from "./context.js";
import {
  loadTemplates,
  templateDiagnostic,
  type TemplateInputs,
  type TemplateName,
  type Templates,
} from "./templates.js";

/** One rendered text: what a runtime injects, and the Markdown file that holds it. */
export interface Rendered {
  /** Where its Markdown file goes inside the docs package, e.g. `sections/a2a.mcp.md`. */
  readonly path: string;
  /** Exactly what the model reads: no header, one newline at the end. */
  readonly text: string;
  /** The template it came from, to locate a problem found in the text. */
  readonly template: Template;
}

export interface SectionTexts {
  readonly section: Section;
  /** The section's position in the spec's sections list. */
  readonly index: number;
  readonly mcp: Rendered;
  /** The CLI block, for a section exposed on the CLI. */
  readonly cli: Rendered | null;
}

export interface DocTexts {
  readonly prompt: Readonly<Record<Runtime, Rendered>>;
  readonly capabilities: Readonly<Record<Runtime, Rendered>>;
  readonly sections: readonly SectionTexts[];
}

/** The prompt docs as rendered: every text, or (null) none when a template failed, and why. */
export interface RenderedDocs {
  readonly texts: DocTexts | null;
  /** What loading and rendering the templates found (errors, and warnings of unused files), in the order found. */
  readonly problems: readonly Diagnostic[];
}

/**
 * Every text of the docs package, through the templates (each from the user's folder when it
 * holds one, else toolgen's own). `cwd` is the working folder messages show paths relative to.
 */
export function renderPromptDocs(
  model: Model,
  inputs: TemplateInputs,
  cwd: string,
): RenderedDocs {
  const { templates, problems } = loadTemplates(inputs, cwd);
  if (templates === null) return { texts: null, problems };
  const found: Diagnostic[] = [...problems];
  const texts = renderDocs(model, templates, (d) => found.push(d));
  return { texts, problems: found };
}

/**
 * Every text of the docs package. A template error is reported once, located in its
 * template; the result is then null, as nothing built on a broken text can be trusted.
 */
function renderDocs(
  model: Model,
  templates: Templates,
  report: (d: Diagnostic) => void,
): DocTexts | null {
  const seen = new Set<string>();
  let failed = false;
  const render = (
    name: TemplateName,
    context: object,
    path: string,
  ): Rendered | null => {
    const template = templates[name];
    try {
      return { path, text: tidyOutput(template.render(context)), template };
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      failed = true;
      const d = templateDiagnostic(e);
      const key = JSON.stringify(d);
      // Without a place in the template, the text it was rendering says which section and runtime.
      if (!seen.has(key))
        report(
          d.line === undefined
            ? { ...d, message: `${d.message} (rendering docs/${path})` }
            : d,
        );
      seen.add(key);
      return null;
    }
  };

  const views = createViews(model);
  const sections = model.sections.map((section, index) => ({
    section,
    index,
    mcp: render(
      "section.md.hbs",
      views.section(section, "mcp"),
      `sections/${section.id}.mcp.md`,
    ),
    cli: section.cli
      ? render(
          "section-cli.md.hbs",
          views.section(section, "cli"),
          `sections/${section.id}.cli.md`,
        )
      : null,
  }));
  const capabilities = {
    mcp: render(
      "capabilities.md.hbs",
      views.capabilities("mcp"),
      "capabilities.mcp.md",
    ),
    cli: render(
      "capabilities.md.hbs",
      views.capabilities("cli"),
      "capabilities.cli.md",
    ),
  };
  if (failed) return null;
  const done = sections as SectionTexts[];

  const prompt = (runtime: Runtime): Rendered | null => {
    const view: PromptView = {
      runtime,
      capabilities: withoutNewline(capabilities[runtime]!.text),
      // A CLI runtime reads the CLI block of a section on the CLI and the full text of any other.
      sections: done.map((s) =>
        withoutNewline((runtime === "cli" && s.cli ? s.cli : s.mcp).text),
      ),
    };
    return render("prompt.md.hbs", view, `prompt.${runtime}.md`);
  };
  const prompts = { mcp: prompt("mcp"), cli: prompt("cli") };
  if (failed) return null;
  return {
    prompt: prompts as DocTexts["prompt"],
    capabilities: capabilities as DocTexts["capabilities"],
    sections: done,
  };
}

function withoutNewline(text: string): string {
  return text.slice(0, -1);
}
