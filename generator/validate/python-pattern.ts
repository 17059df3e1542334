import { complement, WORD, type CodePointSet } from "./code-points.js";
import {
  parsePattern,
  PatternProblem,
  type Alternatives,
  type Term,
} from "./js-pattern.js";

/**
 * A JSON Schema `pattern` (an ECMAScript regular expression, which ajv compiles as
 * `new RegExp(pattern, "u")` and runs with `.test`) as a Python `re` pattern that
 * `re.search(python, s)`, without flags, answers the same way for every string: or why that
 * cannot be done exactly.
 *
 * The translation spells out what the two engines read differently: `\d` `\w` `\s` `.` and
 * every class become explicit sets of code points (JavaScript's are ASCII for `\d` and `\w`,
 * its own list for `\s`), `\b` and `\B` become lookarounds on ASCII word characters, `^` and `$`
 * become `\A` and `\Z` (Python's `$` also matches before a final newline), a backreference to a
 * group that did not take part matches the empty string as in JavaScript. The result is printable
 * ASCII: every other character is written as a `\x`, `\u` or `\U` escape, every ASCII
 * punctuation character is escaped, so it is data to compile and never text to paste.
 *
 * Refused: patterns JavaScript itself rejects; `\p{…}` and `\P{…}`; lookbehind whose branches
 * can match text of different lengths (each branch fixed is accepted); backreferences to a group
 * inside a repeated part or involving a lookbehind, or to a group past the 99th; repetition
 * counts from 2^31 - 1; inline modifiers `(?i:…)`. The function never throws.
 */
export type PythonPattern =
  { ok: true; python: string } | { ok: false; reason: string };

export function pythonPattern(js: string): PythonPattern {
  // Validation and the Python emitter both ask, and a spec repeats its patterns: each is
  // translated once per process (the answer depends on the text alone).
  let known = translated.get(js);
  if (known === undefined) {
    known = translateOnce(js);
    translated.set(js, known);
  }
  return known;
}

const translated = new Map<string, PythonPattern>();

function translateOnce(js: string): PythonPattern {
  try {
    return translate(js);
  } catch (error) {
    if (error instanceof PatternProblem)
      return { ok: false, reason: error.message };
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: `could not be translated to Python: ${message}`,
    };
  }
}

function translate(js: string): PythonPattern {
  try {
    new RegExp(js, "u");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `not a valid pattern: ${message}` };
  }
  let parsed;
  try {
    parsed = parsePattern(js);
  } catch (error) {
    if (error instanceof PatternProblem && error.kind === "syntax")
      return {
        ok: false,
        reason: `uses syntax the Python translation does not read (${error.message})`,
      };
    throw error;
  }
  const emitter = new Emitter(parsed.body);
  const python = emitter.alternatives(parsed.body, TOP);
  const { body } = parsed;
  return {
    ok: true,
    python:
      matchesInsidePair(body) && !matchesEmptyAnywhere(body)
        ? `${python}|${ASTRAL}`
        : python,
  };
}

const ASTRAL = "[\\U00010000-\\U0010ffff]";

/**
 * Whether V8 finds an empty match between the two halves of a surrogate pair. The specification
 * starts a `u`-mode search only at code-point boundaries, but V8 also tries the position inside
 * each astral character (`/\B/u.test("a😀b")` is true): there every character test fails, in
 * lookarounds too, so does a backreference (even to an empty group), `^` `$` and `\b` fail and
 * `\B` holds. A pattern that can match there is
 * true for every string holding an astral character, which Python is told by one more branch.
 */
function matchesInsidePair(body: Alternatives): boolean {
  return body.some((terms) => terms.every(insidePair));
}

function insidePair(term: Term): boolean {
  switch (term.kind) {
    case "char":
    case "set":
    case "start":
    case "end":
    case "backref":
      return false;
    case "boundary":
      return term.negated;
    case "group":
      return matchesInsidePair(term.body);
    case "look":
      return matchesInsidePair(term.body) !== term.negated;
    case "repeat":
      return term.min === 0 || insidePair(term.body);
  }
}

/** Whether the pattern surely matches the empty string at any position, with no assertion on the way. */
function matchesEmptyAnywhere(body: Alternatives): boolean {
  return body.some((terms) => terms.every(emptyAnywhere));
}

function emptyAnywhere(term: Term): boolean {
  if (term.kind === "group") return matchesEmptyAnywhere(term.body);
  if (term.kind === "repeat") return term.min === 0 || emptyAnywhere(term.body);
  return false;
}

/** Where a term stands: inside a repeated part, inside a lookbehind, inside which negative lookarounds. */
interface Context {
  repeated: boolean;
  behind: boolean;
  negative: readonly Term[];
}

const TOP: Context = { repeated: false, behind: false, negative: [] };

interface GroupSite extends Context {
  end: number;
}

/** The most groups a Python backreference `\N` can name. */
const MAX_BACKREF = 99;

class Emitter {
  private readonly groups = new Map<number, GroupSite>();

  constructor(body: Alternatives) {
    this.survey(body, TOP);
  }

  /** Records where each capturing group stands. */
  private survey(body: Alternatives, context: Context): void {
    for (const terms of body)
      for (const term of terms) this.surveyTerm(term, context);
  }

  private surveyTerm(term: Term, context: Context): void {
    if (term.kind === "group") {
      if (term.index !== null)
        this.groups.set(term.index, { ...context, end: term.end });
      this.survey(term.body, context);
    } else if (term.kind === "look")
      this.survey(term.body, inside(term, context));
    else if (term.kind === "repeat")
      this.surveyTerm(
        term.body,
        term.max > 1 ? { ...context, repeated: true } : context,
      );
  }

  alternatives(body: Alternatives, context: Context): string {
    return body.map((terms) => this.sequence(terms, context)).join("|");
  }

  private sequence(terms: readonly Term[], context: Context): string {
    return terms.map((term) => this.term(term, context)).join("");
  }

  private term(term: Term, context: Context): string {
    switch (term.kind) {
      case "char":
        return literal(term.cp);
      case "set":
        return setText(term.set);
      case "start":
        return "\\A";
      case "end":
        return "\\Z";
      case "boundary":
        return term.negated ? NOT_WORD_BOUNDARY : WORD_BOUNDARY;
      case "group": {
        const body = this.alternatives(term.body, context);
        if (term.index === null) return `(?:${body})`;
        if (term.name !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(term.name))
          return `(?P<${term.name}>${body})`;
        return `(${body})`;
      }
      case "look":
        return this.look(term, context);
      case "backref":
        return this.backref(term, context);
      case "repeat": {
        const inner = term.max > 1 ? { ...context, repeated: true } : context;
        return this.term(term.body, inner) + quantifier(term);
      }
    }
  }

  private look(
    term: Extract<Term, { kind: "look" }>,
    context: Context,
  ): string {
    const inner = inside(term, context);
    // Written first, so that what the body itself cannot hold is the reason given.
    const branches = term.body.map((terms) => this.sequence(terms, inner));
    if (!term.behind)
      return `(?${term.negated ? "!" : "="}${branches.join("|")})`;
    const open = term.negated ? "(?<!" : "(?<=";
    const widths = term.body.map((terms) => sequenceWidth(terms));
    if (widths.some(([lo, hi]) => lo !== hi))
      throw new PatternProblem(
        "unsupported",
        "a lookbehind (?<=…) or (?<!…) that can match text of different lengths: Python's re allows only fixed-length lookbehind; give each branch a fixed length, e.g. (?<=ab|c) rather than (?<=a+)",
      );
    if (widths.every(([lo]) => lo === widths[0]?.[0]))
      return `${open}${branches.join("|")})`;
    // Branches of different fixed lengths: one lookbehind a branch, any of them (positive) or none (negative).
    const each = branches.map((branch) => `${open}${branch})`);
    return term.negated ? `(?:${each.join("")})` : `(?:${each.join("|")})`;
  }

  private backref(
    term: Extract<Term, { kind: "backref" }>,
    context: Context,
  ): string {
    const group = this.groups.get(term.index)!;
    if (context.behind || group.behind)
      throw new PatternProblem(
        "unsupported",
        `the backreference to group ${term.index} involves a lookbehind, which JavaScript matches from right to left and Python's re from left to right; move the group and the backreference out of the lookbehind`,
      );
    // A group that closes after the reference, or sits in a negative lookaround the reference is
    // outside of, has never captured when the reference is matched: JavaScript matches the empty string.
    if (
      term.at < group.end ||
      group.negative.some((look) => !context.negative.includes(look))
    )
      return "(?:)";
    if (group.repeated)
      throw new PatternProblem(
        "unsupported",
        `the backreference to group ${term.index}, a group inside a repeated part: JavaScript forgets the group's text at each repetition, Python's re keeps the last one; refer to a group outside the repetition`,
      );
    if (term.index > MAX_BACKREF)
      throw new PatternProblem(
        "unsupported",
        `the backreference to group ${term.index}: Python's re refers to the first ${MAX_BACKREF} groups only; make the groups before it non-capturing with (?:…)`,
      );
    // A group that did not take part: Python's backreference fails, JavaScript's matches "".
    return `(?(${term.index})\\${term.index})`;
  }
}

function inside(
  look: Extract<Term, { kind: "look" }>,
  context: Context,
): Context {
  return {
    repeated: context.repeated,
    behind: context.behind || look.behind,
    negative: look.negated ? [...context.negative, look] : context.negative,
  };
}

type Width = readonly [min: number, max: number];

function sequenceWidth(terms: readonly Term[]): Width {
  let [min, max] = [0, 0];
  for (const term of terms) {
    const [lo, hi] = termWidth(term);
    [min, max] = [min + lo, max + hi];
  }
  return [min, max];
}

function termWidth(term: Term): Width {
  switch (term.kind) {
    case "char":
    case "set":
      return [1, 1];
    case "start":
    case "end":
    case "boundary":
    case "look":
      return [0, 0];
    case "backref":
      return [0, Infinity];
    case "group": {
      const widths = term.body.map(sequenceWidth);
      return [
        Math.min(...widths.map(([lo]) => lo)),
        Math.max(...widths.map(([, hi]) => hi)),
      ];
    }
    case "repeat": {
      const [lo, hi] = termWidth(term.body);
      return [lo * term.min, hi === 0 || term.max === 0 ? 0 : hi * term.max];
    }
  }
}

function quantifier({
  min,
  max,
  lazy,
}: Extract<Term, { kind: "repeat" }>): string {
  const base =
    max === Infinity
      ? min === 0
        ? "*"
        : min === 1
          ? "+"
          : `{${min},}`
      : min === 0 && max === 1
        ? "?"
        : min === max
          ? `{${min}}`
          : `{${min},${max}}`;
  return lazy ? `${base}?` : base;
}

/** One code point as Python `re` reads it literally, inside or outside a class. */
function literal(cp: number): string {
  if (/^[A-Za-z0-9_]$/.test(String.fromCodePoint(cp)))
    return String.fromCodePoint(cp);
  if (cp >= 0x21 && cp <= 0x7e) return `\\${String.fromCodePoint(cp)}`;
  if (cp <= 0xff) return `\\x${hex(cp, 2)}`;
  if (cp <= 0xffff) return `\\u${hex(cp, 4)}`;
  return `\\U${hex(cp, 8)}`;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

const ANY = "[\\x00-\\U0010ffff]";

/** A set as a class, written as its complement when that is shorter. */
function setText(set: CodePointSet): string {
  if (set.length === 0) return "[^\\x00-\\U0010ffff]";
  const [first] = set;
  if (set.length === 1 && first && first[0] === first[1])
    return literal(first[0]);
  const rest = complement(set);
  if (rest.length === 0) return ANY;
  const negated = rest.length < set.length;
  const ranges = (negated ? rest : set).map(([lo, hi]) =>
    lo === hi
      ? literal(lo)
      : hi === lo + 1
        ? literal(lo) + literal(hi)
        : `${literal(lo)}-${literal(hi)}`,
  );
  return `[${negated ? "^" : ""}${ranges.join("")}]`;
}

const W = setText(WORD);
const WORD_BOUNDARY = `(?:(?<=${W})(?!${W})|(?<!${W})(?=${W}))`;
const NOT_WORD_BOUNDARY = `(?:(?<=${W})(?=${W})|(?<!${W})(?!${W}))`;
