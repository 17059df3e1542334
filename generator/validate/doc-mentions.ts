import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { inputNames, type Check, type CheckedSpec } from "./checked-spec.js";
import { describePath } from "./subject.js";
import { suggest } from "./suggest.js";

/** A snake_case word: how this spec's tool names look when a text mentions one. */
const TOOL_LIKE =
  /(?<![A-Za-z0-9_-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![A-Za-z0-9_-])/g;

/**
 * Warns when a text the model reads mentions a tool that does not exist, most often a
 * name left behind by a rename. Input names and section ids are known words, not tools;
 * old names are already an error of the spec. Reads the sound parts of the spec.
 */
export const checkDocMentions: Check = (spec) => {
  const problems: Problem[] = [];
  // A tool or section whose name cannot be read would make its every mention look stale.
  if (!allNamed(spec.raw.tools, "name") || !allNamed(spec.raw.sections, "id"))
    return problems;
  const tools = spec.names.filter((n): n is string => n !== undefined);
  // Built at the first word to look up: on a large spec it holds tens of thousands of names, often for nothing.
  let known: Set<string> | undefined;
  for (const { path, text } of docTexts(spec)) {
    // Every such word holds an underscore: most texts hold none and need no scan.
    if (!text.includes("_")) continue;
    const words = new Set([...text.matchAll(TOOL_LIKE)].map((m) => m[0]));
    for (const word of words) {
      known ??= knownWords(spec);
      if (known.has(word)) continue;
      const close = suggest(word, tools);
      problems.push({
        path,
        severity: "warning",
        token: word,
        code: "unknown-tool-mention",
        message: `${describePath(spec.raw, path)}: '${word}' reads like a tool name, but no tool has it (left behind by a rename?)${close ? `; did you mean '${close}'?` : ""}`,
      });
    }
  }
  return problems;
};

/**
 * The snake_case words that are no mistake: tool and input names, old names, section ids. Read
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
  const withCli = declared.has("cli");
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
    if (withCli) text(t.cli, ["tools", i, "cli", "summary"]);
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
