import { cliProgram } from "../model/targets.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { DocTexts, Rendered } from "../prompt-docs/types.js";
import type { Model, Section, Tool } from "../model/types.js";
import { holdsWhole, type NameScan } from "./words.js";

/**
 * Every section's rendered texts cover it, whatever template rendered them: its MCP text names
 * each of its tools, and its CLI text holds each of its commands as `<program> <words>` (the
 * command's keywords and flag words on one line after the program). The whole prompts cover every
 * section the same way: the MCP prompt names every tool, the CLI prompt holds every command of a
 * section on the CLI and names every tool of the others. A section the spec opts out
 * (`check_docs: false`) is not checked; `notes` says so, for `gen --verbose`.
 */
export function checkCoverage(
  model: Model,
  texts: DocTexts,
  scan: NameScan,
  report: (d: Diagnostic) => void,
  note: (text: string) => void,
): void {
  const program = cliProgram(model);
  for (const s of texts.sections) {
    if (!s.section.checkDocs) {
      note(
        `section '${s.section.id}': its rendered texts are not checked for its tools and commands (check_docs: false)`,
      );
      continue;
    }
    const named = scan(s.mcp.text);
    const missing = s.section.tools.filter((t) => !named.has(t.name));
    if (missing.length > 0)
      report(
        problem(
          s.section,
          s.mcp,
          "docs-missing-tool",
          `does not name its tool${plural(missing)} ${list(missing.map((t) => t.name))}`,
        ),
      );
    if (s.cli === null || program === null || s.section.cli === null) continue;
    const found = commandsIn(s.cli.text, program, s.section.cli.commands);
    const absent = s.section.cli.commands.filter((t) => !found.has(t));
    if (absent.length > 0)
      report(
        problem(
          s.section,
          s.cli,
          "docs-missing-command",
          `does not hold the command${plural(absent)} ${list(absent.map((t) => `${program} ${t.cli!.keyword}`))}`,
        ),
      );
  }
  checkPrompts(texts, program, scan, report);
}

/** The whole prompts: each leaves out no tool or command of a section that is checked. */
function checkPrompts(
  texts: DocTexts,
  program: string | null,
  scan: NameScan,
  report: (d: Diagnostic) => void,
): void {
  const checked = texts.sections.filter((s) => s.section.checkDocs);
  const onCli = (s: (typeof checked)[number]) =>
    s.cli !== null && program !== null && s.section.cli !== null;
  for (const runtime of ["mcp", "cli"] as const) {
    const prompt = texts.prompt[runtime];
    const tools = checked
      .filter((s) => runtime === "mcp" || !onCli(s))
      .flatMap((s) => s.section.tools);
    const named = namedIn(prompt.text, checked, tools, scan);
    const missingTools = tools.filter((t) => !named.has(t.name));
    // Every command at once, as the CLI reads them: one scan of the prompt.
    const commands =
      runtime === "cli"
        ? checked.filter(onCli).flatMap((s) => s.section.cli!.commands)
        : [];
    const found =
      commands.length > 0
        ? commandsIn(prompt.text, program!, commands)
        : new Set<Tool>();
    const missingCommands = commands.filter((t) => !found.has(t));
    const where = `the text this template renders into docs/${prompt.path}`;
    const optOut =
      "or set check_docs: false on their section to leave them out on purpose";
    if (missingTools.length > 0)
      report({
        severity: "error",
        code: "docs-missing-tool",
        file: prompt.template.file,
        message: `${where} does not name the tool${plural(missingTools)} ${list(missingTools.map((t) => t.name))}: write each tool's name into it, ${optOut}`,
      });
    if (missingCommands.length > 0)
      report({
        severity: "error",
        code: "docs-missing-command",
        file: prompt.template.file,
        message: `${where} does not hold the command${plural(missingCommands)} ${list(missingCommands.map((t) => `${program} ${t.cli!.keyword}`))}: write each command into it, ${optOut}`,
      });
  }
}

/**
 * Which of `tools` the prompt names. A prompt is mostly its sections' texts: a tool its section's
 * text names is named by the prompt too when the prompt holds that text whole, which an indexOf
 * tells; the prompt is scanned itself only for a tool left over (a template of your own).
 */
function namedIn(
  prompt: string,
  sections: readonly DocTexts["sections"][number][],
  tools: readonly Tool[],
  scan: NameScan,
): ReadonlySet<string> {
  const named = new Set<string>();
  const asked = new Set(tools);
  for (const s of sections)
    if (s.section.tools.some((t) => asked.has(t)))
      for (const r of [s.mcp, s.cli])
        if (r !== null && holdsWhole(prompt, r.text))
          for (const t of s.section.tools)
            if (scan(r.text).has(t.name)) named.add(t.name);
  if (tools.every((t) => named.has(t.name))) return named;
  return new Set(scan(prompt).keys());
}

function problem(
  section: Section,
  r: Rendered,
  code: "docs-missing-tool" | "docs-missing-command",
  what: string,
): Diagnostic {
  return {
    severity: "error",
    code,
    file: r.template.file,
    message: `section '${section.id}': the text this template renders into docs/${r.path} ${what}: write ${code === "docs-missing-tool" ? "each tool's name" : "each command"} into it, or set check_docs: false on the section to leave it out on purpose`,
  };
}

/**
 * The commands a text holds: after each `<program> ` at the start of a word, the words up to the
 * end of the line (or a backtick or `#`) select a command as the CLI does, its plain words
 * leading and its flag words anywhere after them; the longest keyword wins.
 */
function commandsIn(
  text: string,
  program: string,
  commands: readonly Tool[],
): Set<Tool> {
  // Each command's keyword once, by its first plain word: an occurrence is tried only against
  // the commands it can start.
  const byFirst = new Map<
    string,
    { tool: Tool; plain: string[]; flags: string[] }[]
  >();
  for (const tool of commands) {
    const keyword = tool.cli!.keyword.split(" ");
    const plain = keyword.filter((w) => !w.startsWith("-"));
    const flags = keyword.filter((w) => w.startsWith("-"));
    const first = plain[0] ?? "";
    const bucket = byFirst.get(first) ?? [];
    bucket.push({ tool, plain, flags });
    byFirst.set(first, bucket);
  }
  let most = 1;
  for (const bucket of byFirst.values())
    for (const c of bucket) most = Math.max(most, c.plain.length);
  // Each line is read once, however many commands it holds: the flag words of the part of a line
  // an occurrence starts in are gathered once for all the occurrences there (reading the rest of
  // the line again at each took 97 s for 20,000 commands on one line).
  let part: Part | undefined;
  const found = new Set<Tool>();
  let at = text.indexOf(`${program} `);
  while (at !== -1) {
    const before = at === 0 ? "" : text[at - 1]!;
    if (!/[A-Za-z0-9_-]/.test(before)) {
      const start = at + program.length + 1;
      if (part === undefined || start >= part.end) part = partAt(text, start);
      const words = firstWords(text, start, part.end, most);
      let best: Tool | undefined;
      let size = 0;
      for (const c of [
        ...(byFirst.get(words[0]?.word ?? "") ?? []),
        ...(byFirst.get("") ?? []),
      ]) {
        // The flags come after the plain words: after the last one's start, or anywhere.
        const after =
          c.plain.length === 0
            ? start - 1
            : (words[c.plain.length - 1]?.at ?? Infinity);
        const fits =
          c.plain.every((w, k) => words[k]?.word === w) &&
          c.flags.every((f) => (part!.lastFlag.get(f) ?? -1) > after);
        const length = c.plain.length + c.flags.length;
        if (fits && length > size) {
          best = c.tool;
          size = length;
        }
      }
      if (best !== undefined) found.add(best);
    }
    at = text.indexOf(`${program} `, at + 1);
  }
  return found;
}

/** A part of a line where commands are read: up to the line's end, a backtick or a `#`. */
interface Part {
  /** Where it ends in the text (exclusive). */
  readonly end: number;
  /** Where each word starting with `-` last starts in it. */
  readonly lastFlag: ReadonlyMap<string, number>;
}

/** The part of a line that begins at `start` (or before it). */
function partAt(text: string, start: number): Part {
  let end = start;
  while (end < text.length && !"\n`#".includes(text[end]!)) end++;
  const lastFlag = new Map<string, number>();
  for (const m of text.slice(start, end).matchAll(/\S+/g))
    if (m[0].startsWith("-")) lastFlag.set(m[0], start + m.index);
  return { end, lastFlag };
}

/** The first `count` words from `start` before `end`, each with where it starts. */
function firstWords(
  text: string,
  start: number,
  end: number,
  count: number,
): { word: string; at: number }[] {
  const words: { word: string; at: number }[] = [];
  const word = /\S+/y;
  let i = start;
  while (words.length < count) {
    while (i < end && /\s/.test(text[i]!)) i++;
    if (i >= end) break;
    word.lastIndex = i;
    const m = word.exec(text)!;
    const stop = Math.min(i + m[0].length, end);
    words.push({ word: text.slice(i, stop), at: i });
    i = stop;
  }
  return words;
}

function plural(items: readonly unknown[]): string {
  return items.length > 1 ? "s" : "";
}

function list(names: readonly string[]): string {
  return names.map((n) => `'${n}'`).join(", ");
}
