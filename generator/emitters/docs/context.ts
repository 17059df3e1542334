import type { Model, Section, Tool } from "../../model/types.js";
import { textWidth } from "../../render/width.js";

/*
 * What the templates see. Every key is always present (null when there is nothing),
 * because templates are strict: a missing key is an error, a null one is just false.
 * Texts arrive tidied (LF, no trailing spaces or newlines), so a template controls all spacing.
 */

/** The two kinds of runtime a prompt is written for. */
export type Runtime = "mcp" | "cli";

export interface ToolView {
  readonly name: string;
  readonly short: string;
  readonly whenToUse: string;
  /** How the model invokes the tool in this runtime: its name, or on the CLI the full command line. */
  readonly call: string;
  /** `<program> <usage>`, or null when the tool is not on the CLI. */
  readonly command: string | null;
  readonly usage: string | null;
  readonly summary: string | null;
}

export interface CommandView {
  readonly tool: string;
  readonly command: string;
  /** `command` padded with spaces to the longest command of its section, so the comments align. */
  readonly padded: string;
  readonly summary: string;
}

export interface SectionView {
  readonly id: string;
  readonly heading: string;
  readonly label: string;
  readonly footer: string | null;
  readonly program: string;
  readonly tools: readonly ToolView[];
  readonly cli: { readonly intro: string; readonly closing: string | null; readonly commands: readonly CommandView[] } | null;
}

export interface CapabilitiesView {
  readonly runtime: Runtime;
  readonly preamble: string;
  /** The sections with something to list, each with the tools usable in this runtime. */
  readonly sections: readonly SectionView[];
}

export interface PromptView {
  readonly runtime: Runtime;
  /** The rendered preamble, without its final newline. */
  readonly capabilities: string;
  /** Each section's rendered text in spec order, without its final newline. */
  readonly sections: readonly string[];
}

/**
 * A section as a runtime sees it. On the CLI, a CLI-exposed section lists only its
 * exposed tools, called by their command lines; any other section is the same for both.
 */
export function sectionView(section: Section, model: Model, runtime: Runtime): SectionView {
  const program = tidy(model.targets.cli.program);
  const onCli = runtime === "cli" && section.cli !== null;
  const tools = section.tools.filter((t) => !onCli || t.cli).map((t) => toolView(t, program, onCli));
  return {
    id: section.id,
    heading: tidy(section.heading),
    label: tidy(section.label),
    footer: section.footer === null ? null : tidy(section.footer),
    program,
    tools,
    cli: section.cli ? { intro: tidy(section.cli.intro), closing: section.cli.closing === null ? null : tidy(section.cli.closing), commands: commands(section, program) } : null,
  };
}

export function capabilitiesView(model: Model, runtime: Runtime): CapabilitiesView {
  return {
    runtime,
    preamble: tidy(model.targets.docs.preamble),
    sections: model.sections.map((s) => sectionView(s, model, runtime)).filter((s) => s.tools.length > 0),
  };
}

function toolView(t: Tool, program: string, onCli: boolean): ToolView {
  const command = t.cli ? `${program} ${t.cli.usage}` : null;
  return {
    name: t.name,
    short: tidy(t.short),
    whenToUse: tidy(t.whenToUse),
    call: onCli && command !== null ? command : t.name,
    command,
    usage: t.cli ? t.cli.usage : null,
    summary: t.cli ? tidy(t.cli.summary) : null,
  };
}

function commands(section: Section, program: string): CommandView[] {
  const lines = section.tools.flatMap((t) => (t.cli ? [{ tool: t.name, command: `${program} ${t.cli.usage}`, summary: tidy(t.cli.summary) }] : []));
  const width = Math.max(0, ...lines.map((l) => textWidth(l.command)));
  return lines.map((l) => ({ ...l, padded: l.command + " ".repeat(width - textWidth(l.command)) }));
}

/** LF line endings, no trailing spaces on a line, no trailing newlines: spacing is the template's. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n+$/, "");
}

/**
 * A rendered text as the docs promise it: LF only, no trailing spaces, no run of blank
 * lines, nothing before the first line and exactly one newline at the end.
 */
export function tidyOutput(text: string): string {
  const body = tidy(text).replace(/\n{3,}/g, "\n\n").replace(/^\n+/, "");
  return `${body}\n`;
}
