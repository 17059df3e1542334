import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  parsePattern,
  PatternProblem,
} from "../../generator/validate/js-pattern.js";
import { pythonPattern } from "../../generator/validate/python-pattern.js";
import { RUNS, seeded, TIMEOUT } from "../properties/settings.js";

/**
 * pythonPattern without Python: what it refuses and why, what it writes for the constructs the
 * engines read differently, and that its parser reads exactly the patterns JavaScript reads.
 * tests/validate/python-pattern.e2e.test.ts runs the translations in both engines.
 */

const refusal = (js: string): string => {
  const result = pythonPattern(js);
  if (result.ok) throw new Error(`${js} was translated to ${result.python}`);
  return result.reason;
};

describe("pythonPattern refuses what Python's re cannot match exactly", () => {
  const groups = "(a)".repeat(100);
  it.each([
    ["\\p{L}", /^\\p\{…\} Unicode property escapes have no equivalent/],
    ["[\\p{L}0-9]", /^\\p\{…\} Unicode property escapes/],
    ["\\P{Lu}", /^\\P\{…\} Unicode property escapes/],
    ["(?<=a+)b", /only fixed-length lookbehind/],
    ["(?<!a*)b", /only fixed-length lookbehind/],
    ["(?<=a|b+)c", /only fixed-length lookbehind/],
    ["(?<=(?:a|bc))d", /only fixed-length lookbehind/],
    ["(?:(a)|b)+\\1", /group 1, a group inside a repeated part/],
    ["(a)+\\1", /group 1, a group inside a repeated part/],
    ["(?<x>a){2}\\k<x>", /group 1, a group inside a repeated part/],
    ["(?<=(a))\\1", /group 1 involves a lookbehind/],
    ["(a)(?<=\\1)", /group 1 involves a lookbehind/],
    [`${groups}\\100`, /group 100: Python's re refers to the first 99 groups/],
    ["a{2147483647}", /the repetition count 2147483647 is too large/],
    ["a{1,99999999999}", /the repetition count 99999999999 is too large/],
  ])("%s", (js, reason) => {
    expect(refusal(js)).toMatch(reason);
  });

  it.each([
    "a{",
    "(",
    ")",
    "[",
    "a**",
    "\\a",
    "\\-",
    "{1}",
    "]",
    "(?<a>x)(?<a>y)",
    "\\k<b>",
    "(a)\\2",
    "[z-a]",
    "[\\d-z]",
    "\\u{110000}",
    "\\c1",
    "\\00",
    "[\\1]",
    "(?=a)*",
    "\\p{NoSuchProperty}",
  ])("%s is not a valid pattern", (js) => {
    expect(refusal(js)).toMatch(
      /^not a valid pattern: Invalid regular expression/,
    );
  });

  it("refuses inline modifiers, whether or not this Node reads them", () => {
    expect(refusal("(?i:a)b")).toMatch(
      /^not a valid pattern|inline modifiers such as \(\?i:…\)/,
    );
  });
});

describe("pythonPattern writes out what the engines read differently", () => {
  it.each([
    ["^\\d+$", "\\A[0-9]+\\Z"],
    ["\\w", "[0-9A-Z_a-z]"],
    [".", "[^\\x0a\\x0d\\u2028\\u2029]"],
    ["[^]", "[\\x00-\\U0010ffff]"],
    ["[]", "[^\\x00-\\U0010ffff]"],
    ["(?<year>\\d{4})\\k<year>", "(?P<year>[0-9]{4})(?(1)\\1)"],
    ["(?<$x>a)", "(a)"],
    ["\\1(a)", "(?:)(a)"],
    ["(?<=a|bc)d", "(?:(?<=a)|(?<=bc))d"],
    ["(?<!a|bc)d", "(?:(?<!a)(?<!bc))d"],
    ["\\uD83D\\uDE00|\\u{1F600}|é", "\\U0001f600|\\U0001f600|\\xe9"],
    ["a{2,}?", "a{2,}?"],
    [
      "\\B",
      `(?:(?<=[0-9A-Z_a-z])(?=[0-9A-Z_a-z])|(?<![0-9A-Z_a-z])(?![0-9A-Z_a-z]))|[\\U00010000-\\U0010ffff]`,
    ],
  ])("%s → %s", (js, python) => {
    expect(pythonPattern(js)).toEqual({ ok: true, python });
  });
});

/** Pattern-like text: the syntax characters, escapes' letters and digits, and a few others. */
const patternText = fc
  .array(
    fc.constantFrom(
      ..."^$\\.*+?()[]{}|-,<>=!:/".split(""),
      ..."abcdkpuxBDSWPu0129".split(""),
      "é",
      "😀",
      "\ud83d",
      " ",
      "\n",
    ),
    { maxLength: 12 },
  )
  .map((chars) => chars.join(""));

const jsReads = (js: string) => {
  try {
    new RegExp(js, "u");
    return true;
  } catch {
    return false;
  }
};

describe("pythonPattern, properties", () => {
  it(
    "its parser reads exactly the patterns JavaScript reads in u mode",
    () => {
      fc.assert(
        fc.property(patternText, (js) => {
          let problem: PatternProblem | undefined;
          try {
            parsePattern(js);
          } catch (error) {
            if (!(error instanceof PatternProblem)) throw error;
            problem = error;
          }
          // A pattern JavaScript rejects is rejected; one it reads is read, or refused as untranslatable.
          if (jsReads(js)) return problem?.kind !== "syntax";
          return problem !== undefined;
        }),
        seeded(RUNS * 500),
      );
    },
    TIMEOUT,
  );

  it(
    "never throws, and what it writes is printable ASCII that JSON carries unchanged",
    () => {
      fc.assert(
        fc.property(
          fc.oneof(patternText, fc.string({ unit: "binary" })),
          (js) => {
            const result = pythonPattern(js);
            if (!result.ok) return result.reason.length > 0;
            return (
              /^[\x20-\x7e]*$/.test(result.python) &&
              JSON.parse(JSON.stringify(result.python)) === result.python
            );
          },
        ),
        seeded(RUNS * 500),
      );
    },
    TIMEOUT,
  );
});
