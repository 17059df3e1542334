import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backtrackingRisk } from "../../generator/validate/pattern-backtracking.js";
import { RUNS, SEED, TIMEOUT } from "../properties/settings.js";
import {
  adversarialTexts,
  countSteps,
  stepsWithin,
} from "./backtracking-steps.js";
import { backtrackingPatterns, patterns } from "./pattern-arbitraries.js";

/**
 * The property behind the check: every pattern it accepts is matched in linear time, on the
 * texts built from its own automaton to be hardest (each loop pumped, then endings that fail).
 * Time is counted in a backtracking matcher's steps (backtracking-steps.ts), never on a clock:
 * four times the repeats must take at most eight times the steps (linear is four, quadratic
 * sixteen). The random patterns come from the grammar of the Python translation's tests and
 * from one made to backtrack (pattern-arbitraries.ts), from the shared seed; those with
 * backreferences or lookbehinds, which the matcher does not read, are left out.
 */

const isValid = (pattern: string) => {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
};

const readable = (p: string) =>
  isValid(p) && !/\\[1-9]|\\k<|\(\?<[=!]/.test(p) && p.length <= 40;

const sampled = [
  ...fc.sample(patterns.disjunction, { numRuns: RUNS * 80, seed: SEED }),
  ...fc.sample(backtrackingPatterns, { numRuns: RUNS * 80, seed: SEED }),
].filter(readable);
const accepted = sampled.filter((p) => backtrackingRisk(p) === null);
const refused = sampled.filter((p) => backtrackingRisk(p) !== null);

const LIMIT = 2_000_000;
const TIMES = 40;

/** Where a pattern is not linear: each hard text whose steps grow too fast, or pass the limit. */
function nonLinear(pattern: string) {
  const short = adversarialTexts(pattern, TIMES);
  const long = adversarialTexts(pattern, 4 * TIMES);
  return short.flatMap((text, i) => {
    const a = stepsWithin(pattern, text, LIMIT);
    const b = stepsWithin(pattern, long[i]!, LIMIT);
    return a !== null && b !== null && b <= 8 * a + 200
      ? []
      : [{ text: JSON.stringify(text.slice(0, 30)), short: a, long: b }];
  });
}

describe("backtrackingRisk: every accepted pattern runs in linear time", () => {
  it(
    "on the hardest texts of its own automaton",
    () => {
      const slow = accepted.flatMap((p) => {
        const found = nonLinear(p);
        return found.length === 0 ? [] : [{ pattern: p, texts: found }];
      });
      expect(slow).toEqual([]);
    },
    TIMEOUT,
  );

  it("the matcher reads each pattern as V8 does", () => {
    // Its steps mean something only if it answers as the engine whose time they stand for.
    const parted = accepted.flatMap((p) =>
      adversarialTexts(p, 3).flatMap((text) =>
        countSteps(p, text, LIMIT).matched === new RegExp(p, "u").test(text)
          ? []
          : [{ p, text }],
      ),
    );
    expect(parted).toEqual([]);
  });

  it("the sample is worth the name: patterns with loops, accepted and refused", () => {
    // Guards the property against a grammar that only makes patterns with nothing to pump.
    const pumped = accepted.filter((p) => adversarialTexts(p, 1).length > 0);
    expect(pumped.length).toBeGreaterThan(accepted.length / 4);
    expect(refused.length).toBeGreaterThan(sampled.length / 20);
  });
});
