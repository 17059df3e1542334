import type { Model } from "../model/types.js";
import { TemplateError, templateDiagnostic } from "../render/handlebars.js";
import type { Diagnostic } from "../diagnostics/index.js";
import {
  createViews,
  tidyOutput,
  type PromptView,
  type Runtime,
} from "./context.js";
import type { TemplateName } from "../read/templates.js";
import type {
  DocTexts,
  Rendered,
  RenderedDocs,
  SectionTexts,
  Templates,
} from "./types.js";

/**
 * The prompt docs stage: every text of the docs package, rendered through the templates that
 * validate/templates/ compiled and checked. What rendering found (a template that fails on this
 * model) comes back as problems; the texts are then null.
 */
export function renderPromptDocs(
  model: Model,
  templates: Templates,
): RenderedDocs {
  const problems: Diagnostic[] = [];
  const texts = renderDocs(model, templates, (d) => problems.push(d));
  return { texts, problems };
}

/** Every text, each with the path of its Markdown file: the prompts, the capabilities preambles, then each section's (MCP, CLI). */
export function everyText(texts: DocTexts): Rendered[] {
  return [
    texts.prompt.mcp,
    texts.prompt.cli,
    texts.capabilities.mcp,
    texts.capabilities.cli,
    ...texts.sections.flatMap((s) => (s.cli ? [s.mcp, s.cli] : [s.mcp])),
  ];
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
