import { declaresCli } from "../model/targets.js";
import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { inputNames, type Check, type CheckedSpec } from "./checked-spec.js";
import { describePath } from "./subject.js";
import { inToolPlace, staleNames, type StaleNames } from "./stale-names.js";
import { quoted } from "../diagnostics/quoted.js";
import { isRecord } from "../../runtime/shared/record.js";

/** A snake_case word: how this spec's tool names look when a text mentions one. */
const TOOL_LIKE =
  /(?<![A-Za-z0-9_-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![A-Za-z0-9_-])/g;

/**
 * Warns when a text the model reads mentions a tool that does not exist, most often a name left
 * behind by a rename or a removal, and stays quiet on the other snake_case words of prose (field
 * and status names: `agent_card`, `in_progress`). A word that no tool, input, old name, section
 * id or `known_words` entry has is reported when it reads as a tool's name:
 * - a near-miss of a tool's name (`get_notes` for `get_note`; stale-names.ts);
 * - a sibling of one: as many words, the same last word, one other word changed (`remove_note`
 *   beside `add_note`), as a removed or renamed tool's name reads;
 * - or written where a tool's name goes: after call, use, prefer, try, run or invoke, or
 *   before "tool" or "(" (`prefer search_memory`, "the search_memory tool").
 * Old names are already an error of the spec. Reads the sound parts of the spec.
 */
export const checkDocMentions: Check = (spec) => {
  const problems: Problem[] = [];
  // A tool or section whose name cannot be read would make its every mention look stale.
  if (!allNamed(spec.raw.tools, "name") || !allNamed(spec.raw.sections, "id"))
    return problems;
  const tools = spec.names.filter((n): n is string => n !== undefined);
  // Built at the first word to look up: on a large spec they hold tens of thousands of names, often for nothing.
  let known: Set<string> | undefined;
  let stale: StaleNames | undefined;
  for (const { path, text } of docTexts(spec)) {
    // Every such word holds an underscore: most texts hold none and need no scan.
    if (!text.includes("_")) continue;
    const seen = new Set<string>();
    for (const m of text.matchAll(TOOL_LIKE)) {
      const word = m[0];
      if (seen.has(word)) continue;
      known ??= knownWords(spec);
      if (known.has(word)) {
        seen.add(word);
        continue;
      }
      stale ??= staleNames(tools);
      const close = stale.nearMiss(word);
      if (
        close === undefined &&
        !stale.sibling(word) &&
        !inToolPlace(text, m.index, word)
      )
        continue;
      seen.add(word);
      problems.push({
        path,
        severity: "warning",
        token: word,
        code: "unknown-tool-mention",
        message: `${describePath(spec.raw, path)}: ${quoted(word)} reads like a tool name, but no tool has it (left behind by a rename?)${close ? `; did you mean ${quoted(close)}?` : ""}`,
      });
    }
  }
  return problems;
};

/**
 * The snake_case words that are no mistake: tool and input names, old names, section ids and
 * the spec's `known_words`. Read
 * from every tool and section, broken or not, so that no word is taken for a stale name only
 * because its tool is set aside.
 */
function knownWords({ raw }: CheckedSpec): Set<string> {
  const known = new Set<string>();
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
  for (const t of list(raw.tools)) {
    if (typeof t.name === "string") known.add(t.name);
    if (isRecord(t.input) && isRecord(t.input.properties))
      for (const name of Object.keys(t.input.properties)) known.add(name);
    for (const old of strings(t.renamed_from)) known.add(old);
  }
  for (const s of list(raw.sections))
    if (typeof s.id === "string") known.add(s.id);
  // The spec's own list of words that are no tool names (field and status names).
  for (const word of strings(raw.known_words)) known.add(word);
  return known;
}

/**
 * Every spec text that reaches the prompt docs, with its path in the spec: each one written as a
 * string where the structure is sound, its tool, section or target broken elsewhere or not.
 */
function docTexts({
  raw,
  declared,
  soundAt,
}: CheckedSpec): { path: JsonPath; text: string }[] {
  const out: { path: JsonPath; text: string }[] = [];
  const text = (container: unknown, path: JsonPath) => {
    const value = isRecord(container) ? container[path.at(-1)!] : undefined;
    if (typeof value === "string" && soundAt(path))
      out.push({ path, text: value });
  };
  const targets = isRecord(raw.targets) ? raw.targets : {};
  text(targets.docs, ["targets", "docs", "preamble"]);
  // Without the cli target, the CLI texts are ignored: they reach no prompt doc.
  const withCli = declaresCli(declared);
  list(raw.sections).forEach((s, i) => {
    for (const key of ["heading", "label", "footer"])
      text(s, ["sections", i, key]);
    if (withCli)
      for (const key of ["intro", "closing"])
        text(s.cli, ["sections", i, "cli", key]);
  });
  list(raw.tools).forEach((t, i) => {
    text(t, ["tools", i, "short"]);
    text(t, ["tools", i, "when_to_use"]);
    // Each consumer's own description of the tool, where its target is declared.
    for (const target of ["mcp", "langchain"] as const)
      if (declared.has(target))
        text(t[target], ["tools", i, target, "description"]);
    if (withCli) {
      text(t.cli, ["tools", i, "cli", "summary"]);
      text(t.cli, ["tools", i, "cli", "description"]);
    }
  });
  return out;
}

/** True when `list` is a list of mappings each with a string `key`. */
function allNamed(list: unknown, key: string): boolean {
  return (
    Array.isArray(list) &&
    list.every((item) => isRecord(item) && typeof item[key] === "string")
  );
}

/** The mappings of a list, each at its own index (anything else as an empty mapping). */
function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map((v) => (isRecord(v) ? v : {})) : [];
}
