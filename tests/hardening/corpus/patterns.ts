import { vary, type CorpusCase } from "./base.js";

/** Patterns a backtracking validator can stall on, refused for every target; and ones it cannot, accepted. */
const pattern = (text: string) =>
  vary(["id: { type: string }", `id: { type: string, pattern: ${JSON.stringify(text)} }`]);

export const patternCases: CorpusCase[] = [
  { name: "pattern-nested-repeat", spec: pattern("^(a+)+$"), exit: 2, says: "can take time exponential in the input's length" },
  { name: "pattern-overlapping-alternatives", spec: pattern("^(a|aa)*$"), exit: 2, says: "can take time exponential in the input's length" },
  { name: "pattern-bounded-empty-repeat", spec: pattern("^(?:a?){30}a{30}$"), exit: 2, says: "can take time exponential in its repeat count" },
  { name: "pattern-adjacent-repeats", spec: pattern("^\\d*\\d*x$"), exit: 2, says: "can take time quadratic or worse in the input's length" },
  { name: "pattern-unanchored-search", spec: pattern("[a-z]+@[a-z]+"), exit: 2, says: "the search, which starts again at each position," },
  { name: "pattern-far-lookahead", spec: pattern("(?=.*\\d)"), exit: 2, says: "can read to the end of the text and is tried at each position" },
  { name: "pattern-too-large", spec: pattern(`^(?:${"a|".repeat(2000)}b)*$`), exit: 2, says: "too large to be proved safe" },
  { name: "pattern-longer-than-10000", spec: pattern(`^${"ab".repeat(5_000)}$`), exit: 2, says: "the pattern of 10002 characters is longer than 10000 characters" },
  { name: "pattern-safe", spec: pattern("^[a-z][a-z0-9_-]*(?:\\.[a-z0-9_-]+)*$"), exit: 0 },
  { name: "pattern-safe-lookahead", spec: pattern("^(?=.*\\d)(?=.*[a-z]).{8,64}$"), exit: 0 },
];
