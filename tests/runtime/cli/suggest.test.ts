import { describe, expect, it } from "vitest";
import { closest, didYouMean } from "../../../runtime/cli/suggest.js";

// The rule of runtime/cli/suggest.ts: at most 2 edits (a swap of neighbours is one) and fewer
// edits than the typed word has characters, or a beginning of 3 characters or more; the
// closest win, at most 3, in the candidates' order.

const words = ["delegate", "status", "peers", "info"];

describe("closest", () => {
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
    expect(closest(typed, candidates)).toEqual(expected);
  });

  it("prefers fewer edits, and an edit over a mere beginning", () => {
    expect(closest("stat", ["status", "stats", "start"])).toEqual([
      "stats",
      "start",
    ]);
    expect(closest("stats", ["statistics", "status"])).toEqual(["status"]);
  });

  it("lists ties in the candidates' order, at most 3, each once", () => {
    const candidates = ["cat", "bat", "cat", "hat", "mat", "rat"];
    expect(closest("xat", candidates)).toEqual(["cat", "bat", "hat"]);
    expect(closest("xat", [...candidates].reverse())).toEqual([
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
