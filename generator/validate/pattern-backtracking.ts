import { quoted } from "../diagnostics/quoted.js";
import { parsePattern, type Alternatives, type Term } from "./js-pattern.js";
import { findAmbiguity, type Ambiguity } from "./pattern-ambiguity.js";
import {
  buildAutomaton,
  MAX_STATES,
  TooLarge,
  type Automaton,
  type Span,
} from "./pattern-automaton.js";

/**
 * Why a JSON Schema `pattern` can make a backtracking engine slow, or null when it cannot.
 *
 * Both validators toolgen generates backtrack: ajv runs `new RegExp(p, "u").test(s)` in V8 and
 * the Python package `re.search`. Neither bounds its time: `^(a+)+$` takes seconds on 30
 * characters and doubles with each one more; `[a-z]+@x` takes seconds on 100,000 letters (the
 * search starts again at each position and reads to the end each time). A body may be 4 MiB, so
 * both kinds are refused: exponential and polynomial of degree 2 or more. The analysis reads
 * the pattern's position automaton (pattern-automaton.ts) for ambiguity (pattern-ambiguity.ts);
 * one set of patterns is refused for every target, so a pattern means the same everywhere.
 *
 * A lookaround's body is checked on its own, from where it stands; one that can read
 * unboundedly far is refused unless it stands right after a leading `^` (tried once), as it
 * would otherwise be tried at each position.
 */
export function backtrackingRisk(js: string): string | null {
  // Validation asks for each pattern of each schema, and a spec repeats its patterns.
  let known = assessed.get(js);
  if (known === undefined) {
    known = { reason: assess(js) };
    assessed.set(js, known);
  }
  return known.reason;
}

const assessed = new Map<string, { reason: string | null }>();

/**
 * The longest pattern the analysis reads (10,000 characters): its syntax tree and position
 * automaton grow with the pattern, and a 15 MB one outgrew 400 MB. Real patterns are far shorter.
 */
export const MAX_PATTERN_LENGTH = 10_000;

function assess(js: string): string | null {
  if (js.length > MAX_PATTERN_LENGTH)
    return `is longer than ${MAX_PATTERN_LENGTH} characters: too long to prove safe from slow backtracking`;
  try {
    new RegExp(js, "u");
  } catch {
    return null; // not a pattern at all: the schema's own check says so
  }
  let body: Alternatives;
  try {
    body = parsePattern(js, true).body;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `cannot be proved safe from slow backtracking: its syntax is not read here (${message})`;
  }
  return new Assessment([...js], body).body(body, false);
}

class Assessment {
  constructor(
    private readonly cps: readonly string[],
    private readonly whole: Alternatives,
  ) {}

  /** The risk of one body: the pattern's (searched unless anchored) or a lookaround's (anchored). */
  body(body: Alternatives, anchored: boolean): string | null {
    return this.read(body, anchored, true).reason;
  }

  /**
   * The risk of a body, and whether it can read unboundedly far. `once`: the body is tried once
   * (the pattern's, or a lookaround's tried once), as are then the lookarounds it starts with.
   */
  private read(
    body: Alternatives,
    anchored: boolean,
    once: boolean,
  ): { reason: string | null; looped: boolean } {
    let automaton: Automaton;
    try {
      automaton = buildAutomaton(body, this.whole, !anchored);
    } catch (error) {
      if (error instanceof TooLarge)
        return { reason: this.tooComplex(), looped: true };
      throw error;
    }
    const found = findAmbiguity(automaton);
    let looped = automaton.looped;
    if (found) return { reason: this.describe(found, automaton), looped };
    // Where the body is tried once, so are the lookarounds a branch starts with (after its ^).
    const first = new Set(
      once ? body.flatMap((terms) => leadingLooks(terms, anchored)) : [],
    );
    for (const look of new Set(automaton.looks)) {
      const inner = this.read(
        look.behind ? reversed(look.body) : look.body,
        true,
        first.has(look),
      );
      if (inner.reason !== null) return { reason: inner.reason, looped };
      if (inner.looped && !first.has(look))
        return { reason: this.farLook(look), looped };
      looped ||= inner.looped;
    }
    return { reason: null, looped };
  }

  private farLook(look: Extract<Term, { kind: "look" }>): string {
    const where = look.behind
      ? "back to the start of the text"
      : "to the end of the text";
    const fix = look.behind
      ? ""
      : `put it right after a leading ^ (e.g. ${quoted(`^${this.source(look)}`)}), or `;
    return `can take time quadratic in the input's length: the ${lookName(look)} ${this.text(look)} can read ${where} and is tried at each position; ${fix}bound what it reads (e.g. {0,64} instead of *)`;
  }

  private tooComplex(): string {
    return `is too large to be proved safe from slow backtracking (more than ${MAX_STATES} character tests once its bounded repeats are written out, or too many ways to pair them); simplify it`;
  }

  private describe(found: Ambiguity, a: Automaton): string {
    if (found.kind === "too-complex") return this.tooComplex();
    const like = quoted(`${cut(found.prefix + found.pump.repeat(3))}…`);
    const pump = quoted(cut(found.pump));
    if (found.kind === "exponential")
      return `can take time exponential in ${this.outer(a, found.loop)?.bounded ? "its repeat count" : "the input's length"}: ${this.loop(a, found.loop)} reads ${pump}, repeated, in more than one way, so a text like ${like} that then fails to match is tried in every combination; rewrite it so that one part only can read each character (e.g. "(a+)+" as "a+", "(a|ab)*" as "(ab?)*")`;
    const [p, q] = found.loops;
    const second = this.loop(a, q);
    const search = a.search !== null && p.includes(a.search);
    const first = search
      ? "the search, which starts again at each position,"
      : this.loop(a, p);
    const both =
      first === second
        ? `${first} and another ${second}`
        : `${first} and ${second}`;
    const advice = search
      ? `anchor it with a leading ^, or bound ${second} (e.g. {1,64} instead of +)`
      : `make them read different characters, or bound one of them (e.g. {1,64} instead of +)`;
    return `can take time quadratic or worse in the input's length: ${both} both read ${pump}, repeated, so a text like ${like} that then fails to match is split between them in every way; ${advice}`;
  }

  /** The outermost repeat around all of a loop's states. */
  private outer(a: Automaton, states: readonly number[]): Span | undefined {
    const lists = states.map((s) => a.loops[s]!);
    return lists[0]?.find((span) => lists.every((list) => list.includes(span)));
  }

  /** A loop by its text. */
  private loop(a: Automaton, states: readonly number[]): string {
    const outer = this.outer(a, states);
    if (outer === undefined || outer.start === outer.end)
      return "a backreference";
    return this.text(outer);
  }

  private text(span: Span): string {
    return quoted(this.source(span));
  }

  private source(span: Span): string {
    return this.cps.slice(span.start, span.end).join("");
  }
}

/** A witness's text, at most 40 characters of it. */
const cut = (text: string) => [...text].slice(0, 40).join("");

/** The lookarounds a branch holds before it reads anything (after its ^ unless `anchored`). */
function leadingLooks(terms: readonly Term[], anchored: boolean): Term[] {
  const looks: Term[] = [];
  for (const [i, term] of terms.entries()) {
    if (i === 0 && !anchored && term.kind !== "start") return [];
    if (term.kind === "look") looks.push(term);
    else if (!["start", "end", "boundary"].includes(term.kind)) break;
  }
  return looks;
}

const lookName = (look: Extract<Term, { kind: "look" }>) =>
  look.behind ? "lookbehind" : "lookahead";

/** A lookbehind's body as its engine reads it, from right to left. */
function reversed(body: Alternatives): Alternatives {
  const flip = (term: Term): Term =>
    term.kind === "group"
      ? { ...term, body: reversed(term.body) }
      : term.kind === "repeat"
        ? { ...term, body: flip(term.body) }
        : term;
  return body.map((terms) => terms.map(flip).reverse());
}
