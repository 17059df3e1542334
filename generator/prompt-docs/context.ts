import { cliProgram, declared } from "../model/targets.js";
import { eastAsianWidth } from "get-east-asian-width";
import type { Model, Section, Tool } from "../model/types.js";

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
  /** How the prompt docs spell the CLI command; null without the cli target. */
  readonly program: string | null;
  readonly tools: readonly ToolView[];
  readonly cli: {
    readonly intro: string;
    readonly closing: string | null;
    readonly commands: readonly CommandView[];
  } | null;
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

/** The views of one run: `section(s, runtime)` and `capabilities(runtime)`, each built once. */
export interface Views {
  section(section: Section, runtime: Runtime): SectionView;
  capabilities(runtime: Runtime): CapabilitiesView;
}

/** A tool's tidied texts, the same in both runtimes. */
type ToolTexts = Omit<ToolView, "call">;

/**
 * The views the templates see, built once per run: a section's view serves its own text
 * and the capabilities text of its runtime, and a tool's tidied texts serve both runtimes.
 * On the CLI, a CLI-exposed section lists only its exposed tools, called by their command
 * lines; any other section is the same for both runtimes, and so is the same view.
 */
export function createViews(model: Model): Views {
  // A tool has a command only with the cli target.
  const cliName = cliProgram(model);
  const program = cliName === null ? null : tidy(cliName);
  const toolTexts = new Map<Tool, ToolTexts>();
  const cliBlocks = new Map<Section, SectionView["cli"]>();
  const sectionViews: Record<Runtime, Map<Section, SectionView>> = {
    mcp: new Map(),
    cli: new Map(),
  };

  const textsOf = (t: Tool): ToolTexts => {
    let texts = toolTexts.get(t);
    if (texts === undefined) {
      const command =
        t.cli && program !== null ? `${program} ${t.cli.line}` : null;
      texts = {
        name: t.name,
        short: tidy(t.mcp.description),
        whenToUse: tidy(t.whenToUse),
        command,
        usage: t.cli ? t.cli.usage : null,
        summary: t.cli ? tidy(t.cli.summary) : null,
      };
      toolTexts.set(t, texts);
    }
    return texts;
  };
  // The keys in ToolView's order: a template may list a tool's fields with {{#each this}}.
  const toolView = (t: Tool, onCli: boolean): ToolView => {
    const { name, short, whenToUse, command, usage, summary } = textsOf(t);
    return {
      name,
      // Each runtime's own description of the tool, as its MCP table or CLI help shows it.
      short: onCli && t.cli ? tidy(t.cli.description) : short,
      whenToUse,
      call: onCli && command !== null ? command : name,
      command,
      usage,
      summary,
    };
  };
  const cliBlock = (section: Section): SectionView["cli"] => {
    if (section.cli === null) return null;
    let block = cliBlocks.get(section);
    if (block === undefined) {
      block = {
        intro: tidy(section.cli.intro),
        closing:
          section.cli.closing === null ? null : tidy(section.cli.closing),
        commands: commands(section, textsOf),
      };
      cliBlocks.set(section, block);
    }
    return block;
  };
  const build = (section: Section, runtime: Runtime): SectionView => {
    const onCli = runtime === "cli" && section.cli !== null;
    return {
      id: section.id,
      heading: tidy(section.heading),
      label: tidy(section.label),
      footer: section.footer === null ? null : tidy(section.footer),
      program,
      // On the CLI, the commands in the section's cli.order (tool order by default).
      tools: (onCli ? section.cli!.commands : section.tools).map((t) =>
        toolView(t, onCli),
      ),
      cli: cliBlock(section),
    };
  };
  const sectionView = (section: Section, runtime: Runtime): SectionView => {
    // Off the CLI, a section reads the same in both runtimes: one view serves both.
    const as = section.cli === null ? "mcp" : runtime;
    let view = sectionViews[as].get(section);
    if (view === undefined) {
      view = build(section, as);
      sectionViews[as].set(section, view);
    }
    return view;
  };
  const capabilities = (runtime: Runtime): CapabilitiesView => ({
    runtime,
    // The Python package renders the texts too; without the docs target it has no preamble.
    preamble: tidy(model.targets.docs?.preamble ?? ""),
    sections: model.sections
      .map((s) => sectionView(s, runtime))
      .filter((s) => s.tools.length > 0),
  });
  return { section: sectionView, capabilities };
}

/** A section's command lines in its cli.order, each padded to the widest so that the comments align; each width is measured once. */
function commands(
  section: Section,
  textsOf: (t: Tool) => ToolTexts,
): CommandView[] {
  const lines: {
    tool: string;
    command: string;
    summary: string;
    width: number;
  }[] = [];
  for (const t of section.cli?.commands ?? []) {
    const { command, summary } = textsOf(t);
    if (command !== null && summary !== null)
      lines.push({ tool: t.name, command, summary, width: columns(command) });
  }
  let widest = 0;
  for (const l of lines) widest = Math.max(widest, l.width);
  return lines.map(({ tool, command, summary, width }) => ({
    tool,
    command,
    summary,
    padded: command + " ".repeat(widest - width),
  }));
}

/** Nonspacing and enclosing marks, and the zero-width joiner: they take no column of their own. */
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200d]/u;

/**
 * The columns a command takes in a monospace font, for the CLI block's alignment: a wide or
 * fullwidth character (Unicode's East Asian Width W or F) takes two, a mark or a control
 * character none, any other character one.
 */
function columns(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f) || ZERO_WIDTH.test(ch))
      continue;
    width += eastAsianWidth(cp) === 2 ? 2 : 1;
  }
  return width;
}

/**
 * LF line endings, no trailing spaces on a line, no trailing newlines: spacing is the template's.
 * Linear in the text's length: no regex anchored at a line's end (`/[ \t]+$/gm` or `/\n+$/`
 * start again at every character of a run, quadratic in a long run of spaces or newlines).
 */
export function tidy(text: string): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map(withoutBlanksAtEnd);
  let count = lines.length;
  while (count > 1 && lines[count - 1] === "") count--;
  return lines.slice(0, count).join("\n");
}

/** The line without the spaces and tabs at its end (not `trimEnd()`, which takes every kind of space). */
function withoutBlanksAtEnd(line: string): string {
  let end = line.length;
  while (end > 0) {
    const c = line.charCodeAt(end - 1);
    if (c !== 0x20 && c !== 0x09) break;
    end--;
  }
  return end === line.length ? line : line.slice(0, end);
}

/**
 * A rendered text as the docs promise it: LF only, no trailing spaces, no run of blank
 * lines, nothing before the first line and exactly one newline at the end.
 */
export function tidyOutput(text: string): string {
  const body = tidy(text)
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+/, "");
  return `${body}\n`;
}
