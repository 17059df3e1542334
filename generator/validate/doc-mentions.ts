import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { inputNames, type Check, type CheckedSpec } from "./checked-spec.js";
import { suggest } from "./suggest.js";

/** A snake_case word: how this spec's tool names look when a text mentions one. */
const TOOL_LIKE =
  /(?<![A-Za-z0-9_-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![A-Za-z0-9_-])/g;

/**
 * Warns when a text the model reads mentions a tool that does not exist, most often a
 * name left behind by a rename. Input names and section ids are known words, not tools;
 * old names are already an error of the spec. Read on a valid spec.
 */
export const checkDocMentions: Check = (spec) => {
  const problems: Problem[] = [];
  const tools = spec.raw.tools.map((t) => t.name);
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
        message: `'${word}' reads like a tool name, but no tool has it (left behind by a rename?)${close ? `; did you mean '${close}'?` : ""}`,
      });
    }
  }
  return problems;
};

/** The snake_case words that are no mistake: tool and input names, old names, section ids. */
function knownWords({ raw }: CheckedSpec): Set<string> {
  const known = new Set<string>();
  for (const t of raw.tools) {
    known.add(t.name);
    for (const name of inputNames(t)) known.add(name);
    for (const old of t.renamed_from ?? []) known.add(old);
  }
  for (const s of raw.sections) known.add(s.id);
  return known;
}

/** Every spec text that reaches the prompt docs, with its path in the spec. */
function docTexts({ raw }: CheckedSpec): { path: JsonPath; text: string }[] {
  const out: { path: JsonPath; text: string }[] = [];
  if (raw.targets.docs)
    out.push({
      path: ["targets", "docs", "preamble"],
      text: raw.targets.docs.preamble,
    });
  // Without the cli target, the CLI texts are ignored: they reach no prompt doc.
  const withCli = raw.targets.cli !== undefined;
  raw.sections.forEach((s, i) => {
    out.push(
      { path: ["sections", i, "heading"], text: s.heading },
      { path: ["sections", i, "label"], text: s.label },
    );
    if (s.footer !== undefined)
      out.push({ path: ["sections", i, "footer"], text: s.footer });
    if (withCli && s.cli)
      out.push({ path: ["sections", i, "cli", "intro"], text: s.cli.intro });
    if (withCli && s.cli?.closing)
      out.push({
        path: ["sections", i, "cli", "closing"],
        text: s.cli.closing,
      });
  });
  raw.tools.forEach((t, i) => {
    out.push(
      { path: ["tools", i, "short"], text: t.short },
      { path: ["tools", i, "when_to_use"], text: t.when_to_use },
    );
    if (withCli && t.cli)
      out.push({ path: ["tools", i, "cli", "summary"], text: t.cli.summary });
  });
  return out;
}
