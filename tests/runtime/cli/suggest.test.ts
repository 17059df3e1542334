import { describe, expect, it } from "vitest";
import { didYouMean, suggestions } from "../../../runtime/cli/suggest.js";

// The rule of runtime/cli/suggest.ts: the nearest by the one rule of every "did you mean"
// (runtime/shared/distance.ts: a third of the word's length in edits, rounded up, and fewer
// edits than it has characters; a swap of neighbours is one), else a beginning of 3 characters
// or more; at most 3, in the candidates' order.

const words = ["delegate", "status", "peers", "info"];

describe("suggestions", () => {
  it.each<[string, string, readonly string[], string[]]>([
    ["one letter missing", "peer", words, ["peers"]],
    ["one letter more", "infos", words, ["info"]],
    ["one letter replaced", "stagus", words, ["status"]],
    ["two neighbours swapped", "staus", words, ["status"]],
    ["two neighbours swapped is one edit", "delegaet", words, ["delegate"]],
    ["two edits", "delgat", words, ["delegate"]],
    ["a beginning", "deleg", words, ["delegate"]],
    ["case only", "STATUS", words, ["status"]],
    [
      "options, by their names after the dashes",
      "--wrokspace",
      ["--workspace", "--json"],
      ["--workspace"],
    ],
    ["a dash short", "-workspace", ["--workspace"], ["--workspace"]],
    ["three edits", "dlgat", words, []],
    ["as many edits as letters", "ab", ["xy", "c"], []],
    ["a beginning too short", "de", words, []],
    ["nothing near", "frobnicate", words, []],
    ["no candidates", "peer", [], []],
  ])("%s: %j", (_, typed, candidates, expected) => {
    expect(suggestions(typed, candidates)).toEqual(expected);
  });

  it("prefers fewer edits, and an edit over a mere beginning", () => {
    expect(suggestions("stat", ["status", "stats", "start"])).toEqual([
      "stats",
      "start",
    ]);
    expect(suggestions("stats", ["statistics", "status"])).toEqual(["status"]);
  });

  it("lists ties in the candidates' order, at most 3, each once", () => {
    const candidates = ["cat", "bat", "cat", "hat", "mat", "rat"];
    expect(suggestions("xat", candidates)).toEqual(["cat", "bat", "hat"]);
    expect(suggestions("xat", [...candidates].reverse())).toEqual([
      "rat",
      "mat",
      "hat",
    ]);
  });
});

describe("didYouMean", () => {
  it.each<[string[], string]>([
    [[], ""],
    [["a"], "did you mean 'a'?"],
    [["a", "b"], "did you mean 'a' or 'b'?"],
    [["a", "b", "c"], "did you mean 'a', 'b' or 'c'?"],
  ])("%j", (list, text) => {
    expect(didYouMean(list)).toBe(text);
  });
});
