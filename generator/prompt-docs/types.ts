import type { Template } from "../render/handlebars.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Section } from "../model/types.js";
import type { TemplateName } from "../read/templates.js";
import type { Runtime } from "./context.js";

/** The docs target's templates, compiled and checked (validate/templates/), by file name. */
export type Templates = Readonly<Record<TemplateName, Template>>;

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

/** The prompt docs as rendered: every text, or (null) none when a template failed on the model, and why. */
export interface RenderedDocs {
  readonly texts: DocTexts | null;
  /** What rendering found: a template that failed on this model, located in it, in the order found. */
  readonly problems: readonly Diagnostic[];
}
