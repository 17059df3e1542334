import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { platformFixturePath } from "../helpers/reference-spec.js";

// The stale-name rule (docs/packages/prompts.md, "Names in texts"), on the platform fixture (a frozen copy of the
// reference spec, whose tools are the real platform's): a snake_case word of a text that no tool,
// input, old name, section id or known_words entry has is reported when it is a near-miss of a
// tool's name, a sibling of one, or written where a tool's name goes, and only then.

type Spec = {
  known_words?: string[];
  tools: { name: string; when_to_use: string; renamed_from?: string[] }[];
};
const base = parse(fs.readFileSync(platformFixturePath, "utf8")) as Spec;

/** Every diagnostic of the fixture with `text` as its first tool's when_to_use. */
function diagnostics(text: string, edit: (s: Spec) => void = () => {}) {
  const spec = structuredClone(base);
  spec.tools[0]!.when_to_use = text;
  edit(spec);
  try {
    return generateFromDisk({
      file: "tools.yaml",
      text: stringify(spec),
      dir: "/nonexistent",
    }).warnings;
  } catch (e) {
    if (e instanceof SpecError) return e.diagnostics;
    throw e;
  }
}
const about = (ds: readonly Diagnostic[], code: string) =>
  ds.filter((d) => d.code === code).map((d) => d.message);
const stale = (word: string, close?: string) =>
  `tool '${base.tools[0]!.name}': 'when_to_use': '${word}' reads like a tool name, but no tool has it (left behind by a rename?)${close ? `; did you mean '${close}'?` : ""}`;

describe("the stale-name warning", () => {
  it("stays quiet on field and status names in prose", () => {
    const words = [
      "agent_card",
      "in_progress",
      "model_provider",
      "broadcast_enabled",
      "activity_logs",
    ];
    // None of them is a name of the spec: each is an ordinary word of the platform's texts.
    const names = new Set(base.tools.map((t) => t.name));
    expect(words.filter((w) => names.has(w))).toEqual([]);
    const text = `The peer's agent_card; a task stays in_progress until done; the model_provider and broadcast_enabled settings; its activity_logs.`;
    expect(diagnostics(text)).toEqual([]);
  });

  it("reports a near-miss of a tool's name, with the name", () => {
    const tool = base.tools.find((t) => t.name === "check_task_status")!;
    const word = "check_task_state";
    expect(
      about(diagnostics(`Poll ${word} now.`), "unknown-tool-mention"),
    ).toEqual([stale(word, tool.name)]);
  });

  it("reports a sibling of a tool's name: another word for the same last one", () => {
    // commit_memory and recall_memory are tools; forget_memory, as a removed tool's name reads, is none.
    const word = "forget_memory";
    expect(about(diagnostics(`Then ${word}.`), "unknown-tool-mention")).toEqual(
      [stale(word)],
    );
  });

  it("reports a word written where a tool's name goes", () => {
    const words = ["lookup_workspace", "fetch_directory"];
    const text = `For long jobs use ${words[0]}, or the ${words[1]} tool.`;
    expect(about(diagnostics(text), "unknown-tool-mention")).toEqual(
      words.map((w) => stale(w)),
    );
    // The same words in plain prose are none of the kind.
    expect(diagnostics(`Its ${words[0]} and ${words[1]} fields.`)).toEqual([]);
  });

  it("leaves an old name to the error it already is", () => {
    const renamed = base.tools.find((t) => t.renamed_from?.length)!;
    const old = renamed.renamed_from![0]!;
    const ds = diagnostics(`Call ${old} first.`);
    expect(about(ds, "unknown-tool-mention")).toEqual([]);
    expect(about(ds, "stale-name").length).toBeGreaterThan(0);
  });

  it("is silenced for each word of known_words, and only for those", () => {
    const text = "Poll check_task_state, then forget_memory.";
    const ds = diagnostics(text, (s) => (s.known_words = ["forget_memory"]));
    expect(about(ds, "unknown-tool-mention")).toEqual([
      stale("check_task_state", "check_task_status"),
    ]);
  });
});
