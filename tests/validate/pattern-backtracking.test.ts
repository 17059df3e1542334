import { describe, expect, it } from "vitest";
import { backtrackingRisk } from "../../generator/validate/pattern-backtracking.js";
import { stepsWithin } from "./backtracking-steps.js";

/**
 * What the gen-time check of patterns refuses (each a pattern a backtracking engine is known to
 * stall on) and what it accepts (patterns as real schemas write them). That the refusals are
 * real is shown by counting a backtracking matcher's steps (backtracking-steps.ts) on the
 * check's own witness text, never by timing an engine; pattern-backtracking-steps.test.ts holds
 * the accepted side over random patterns.
 */

const EXPONENTIAL = "can take time exponential in the input's length";
const COUNT = "can take time exponential in its repeat count";
const POLYNOMIAL = "can take time quadratic or worse in the input's length";
const LOOK = "can take time quadratic in the input's length";

/** Each refused pattern, with what the reason says and the part it names. */
const REFUSED: [pattern: string, says: string, names: string][] = [
  ["^(a+)+$", EXPONENTIAL, "'(a+)+'"],
  ["(a+)+b", EXPONENTIAL, "'(a+)+'"],
  ["^(a|a)*$", EXPONENTIAL, "'(a|a)*'"],
  ["^(a|aa)*$", EXPONENTIAL, "'(a|aa)*'"],
  ["^(a|a?)+$", EXPONENTIAL, "'(a|a?)+'"],
  ["(\\w+\\s?)*$", EXPONENTIAL, '"(\\\\w+\\\\s?)*"'],
  ["^(\\d+)*$", EXPONENTIAL, '"(\\\\d+)*"'],
  ["^(\\w|\\d)+$", EXPONENTIAL, '"(\\\\w|\\\\d)+"'],
  ["(x+x+)+y", EXPONENTIAL, "'(x+x+)+'"],
  ["(a*)*b", EXPONENTIAL, "'(a*)*'"],
  ["^([a-z]+\\.?)+$", EXPONENTIAL, '"([a-z]+\\\\.?)+"'],
  ["^(?:(?:|)a)*$", EXPONENTIAL, "'(?:(?:|)a)*'"],
  [
    "^\\w+([.-]?\\w+)*@\\w+([.-]?\\w+)*(\\.\\w{2,3})+$",
    EXPONENTIAL,
    '"([.-]?\\\\w+)*"',
  ],
  ["^(a|a){1,1000}$", COUNT, "'(a|a){1,1000}'"],
  ["^(?:a?){30}a{30}$", COUNT, "'(?:a?){30}'"],
  ["(.*a){12}", COUNT, "'(.*a){12}'"],
  ["^(.*a){3}$", POLYNOMIAL, "'.*' and another '.*'"],
  ["\\w+@", POLYNOMIAL, "the search, which starts again at each position,"],
  ["\\d*\\d*\\d*x", POLYNOMIAL, '"\\\\d*" and another "\\\\d*"'],
  ["^[a-z]+[a-z]+$", POLYNOMIAL, "'[a-z]+' and another '[a-z]+'"],
  ["^a*[ab]*$", POLYNOMIAL, "'a*' and '[ab]*'"],
  ["^-?\\d*\\.?\\d+$", POLYNOMIAL, '"\\\\d*" and "\\\\d+"'],
  ["^\\S+@\\S+$", POLYNOMIAL, '"\\\\S+" and another "\\\\S+"'],
  ["^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", POLYNOMIAL, '"[^@\\\\s]+" and another'],
  ["\\d+x", POLYNOMIAL, "the search, which starts again at each position,"],
  ["[a-z]+@[a-z]+\\.com", POLYNOMIAL, "the search, which starts again"],
  ["(?:^|)\\d+x", POLYNOMIAL, "the search, which starts again"],
  ["(?:^a|b)+x", POLYNOMIAL, "the search, which starts again"],
  ["^(a+)\\1$", POLYNOMIAL, "'a+' and a backreference"],
  ["(?=.*\\d)", LOOK, 'the lookahead "(?=.*\\\\d)"'],
  ["a(?=b*c)", LOOK, "the lookahead '(?=b*c)'"],
  ["x(?<!a+)", LOOK, "the lookbehind '(?<!a+)'"],
  ["^(?=(a+)+$)", EXPONENTIAL, "'(a+)+'"],
  ["^(?!(a|a)*$)", EXPONENTIAL, "'(a|a)*'"],
];

/** Patterns real schemas use, and a few the check must not mistake for slow ones. */
const ACCEPTED = [
  ...[
    "^[a-z][a-z0-9_-]*$",
    "^[a-z]+(?:-[a-z]+)*$",
    "^[a-z0-9]+(?:[._-][a-z0-9]+)*$",
  ],
  "^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$",
  "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
  "^\\d{4}-\\d{2}-\\d{2}$",
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:\\d{2})$",
  "^\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?$",
  "^\\d{1,3}(?:\\.\\d{1,3}){3}$",
  ...["^-?(?:\\d+(?:\\.\\d+)?|\\.\\d+)$", "^[^@\\s]+@[^@\\s]+$"],
  "^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,}$",
  "^https?://[^\\s/$.?#].[^\\s]*$",
  "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
  ...["^\\+?[1-9]\\d{1,14}$", "^#?[0-9a-fA-F]{6}$", "^[A-Z]{2}-\\d+$"],
  ...["^(\\w+\\s)*\\w+$", "^(?=.*\\d)(?=.*[a-z]).{8,}$", "^(?!\\s*$).+"],
  ...["^(?:(?!--).)*$", "^[\\w.]+$", "^n[0-9]+$", "^\\d+$", "\\-", "a", ""],
  ...["^\\S(?:.*\\S)?$", "^[\\s\\S]{0,1000}x$", "^.{0,100}x.{0,100}y.{0,100}$"],
  // Unanchored, but every way to read far ends the match at once: the engine never backtracks.
  ...["\\d+", "[a-z]+", "(a+)+", "(a|a)*", "x(a|aa)*", "x(?:a|ab)*"],
  // Bounded, and written out: no loop to pump.
  // A branch that starts with ^ is tried where the text starts only.
  ...["^a+$|b", "^\\d+x|^y", "^(?=.*\\d).+|x", "(?:^|,)\\d+x"],
  ...["^(?:a?){4}a{4}$", "^(a|a){4}$", "[a-z]{1,64}@", "^(?:-[0-9a-f]{4}){3}$"],
  ...["^\\p{L}+$", "^(?:\\p{Lu}\\p{Ll}*)+$", "^([\"'])(?:(?!\\1).)*\\1$"],
];

describe("backtrackingRisk refuses patterns a backtracking engine can stall on", () => {
  it.each(REFUSED)("%s", (pattern, says, names) => {
    const reason = backtrackingRisk(pattern);
    expect(reason).toContain(says);
    expect(reason).toContain(names);
  });

  it("says why, what to do, and shows a text that makes it slow", () => {
    expect(backtrackingRisk("^(a+)+$")).toBe(
      `can take time exponential in the input's length: '(a+)+' reads 'a', repeated, in more than one way, so a text like 'aaaa…' that then fails to match is tried in every combination; rewrite it so that one part only can read each character (e.g. "(a+)+" as "a+", "(a|ab)*" as "(ab?)*")`,
    );
    expect(backtrackingRisk("\\d+x")).toBe(
      `can take time quadratic or worse in the input's length: the search, which starts again at each position, and "\\\\d+" both read '0', repeated, so a text like '000…' that then fails to match is split between them in every way; anchor it with a leading ^, or bound "\\\\d+" (e.g. {1,64} instead of +)`,
    );
    expect(backtrackingRisk("^ab(c|c)*$")).toContain(
      "a text like 'abccccccc…'",
    );
  });

  it("refuses a pattern too large to prove safe, in bounded time", () => {
    const large = `^(?:${"a|".repeat(3000)}b)*$`;
    expect(backtrackingRisk(large)).toMatch(/^is too large to be proved safe/);
    const states = `^${"(?:x{100}){4}".repeat(4)}$`;
    expect(backtrackingRisk(states)).toMatch(/^is too large to be proved safe/);
  });

  it("leaves patterns JavaScript cannot compile to the schema's own check", () => {
    expect(backtrackingRisk("(a+")).toBeNull();
    expect(backtrackingRisk("\\p{NoSuchProperty}")).toBeNull();
  });

  it("answers the same for a pattern asked twice", () => {
    expect(backtrackingRisk("^(a|a)*$")).toBe(backtrackingRisk("^(a|a)*$"));
  });
});

describe("backtrackingRisk accepts patterns real schemas use", () => {
  it.each(ACCEPTED.map((p) => [p]))("%s", (pattern) => {
    expect(backtrackingRisk(pattern)).toBeNull();
  });
});

describe("what is refused is slow: a matcher's steps on the check's own witness", () => {
  /** The witness text of a reason ('aaaa…'), pumped `times` times and ended with each of a few characters. */
  const steps = (pattern: string, times: number): (number | null)[] => {
    const reason = backtrackingRisk(pattern)!;
    const like = /a text like '([^'…]*)…'/.exec(reason)!;
    const pump = /(?:reads|read) '([^']*)', repeated/.exec(reason)!;
    const prefix = like[1]!.slice(0, like[1]!.length - 3 * pump[1]!.length);
    return ["", "!", "\n"].map((end) =>
      stepsWithin(pattern, prefix + pump[1]!.repeat(times) + end, 5_000_000),
    );
  };
  // The matcher reads no backreference nor lookbehind; a lookahead's reason shows no text.
  const plain = REFUSED.filter(
    ([p, says]) => says !== LOOK && !p.includes("\\1") && !p.includes("(?<"),
  );

  it.each(plain.map(([p, says]) => [p, says]))(
    "%s: four times the witness's repeats, more than eight times the steps (%s)",
    (pattern, says) => {
      const times = says === POLYNOMIAL ? 25 : says === COUNT ? 2 : 4;
      const short = steps(pattern, times);
      const long = steps(pattern, 4 * times);
      // Linear would be 4 times the steps; quadratic is 16 and exponential more still.
      const grows = short.some(
        (s, i) => s !== null && (long[i] === null || long[i]! > 8 * s),
      );
      expect({ short, long, grows }).toMatchObject({ grows: true });
    },
  );
});
