import { MAX_CODE_POINT, normalize, type CodePointSet } from "./code-points.js";
import type { Alternatives, Term } from "./js-pattern-tree.js";

/**
 * The position automaton (Glushkov) of a parsed pattern, as a backtracking engine walks it: a
 * state per character test (its label, a set of code points), state 0 the start, and for each
 * edge the number of distinct ways the pattern's structure takes it (capped at 2): `(a*)*` steps
 * from its `a` back to its `a` through the inner loop and through the outer one, which an engine
 * that backtracks tries both of. No edge is ε: assertions, lookarounds and empty iterations
 * are read as matching the empty string (what they refuse only removes paths).
 *
 * Bounded repeats are written out copy by copy while small (`\d{4}` is four states); one with a
 * large bound, or a compound body repeated many times over, is read as unbounded, which can only
 * add paths. A backreference is read as a repeat of the characters its group can read.
 */
export interface Automaton {
  /** Each state's label; state 0, the start, reads nothing. */
  readonly labels: CodePointSet[];
  /** Each state's successors, with the number of ways (1 or 2 for two or more). */
  readonly edges: Map<number, number>[];
  /** States after which the rest of the pattern matches the empty string with no assertion on the way. */
  readonly free: boolean[];
  /** For each state, the repeats (read as loops) around it, outermost first, as source spans. */
  readonly loops: Span[][];
  /** The lookarounds, whose bodies are checked on their own. */
  readonly looks: Extract<Term, { kind: "look" }>[];
  /** Whether the whole pattern can match the empty string with no assertion on the way. */
  readonly freeEmpty: boolean;
  /** Whether it has a loop: whether it can read unboundedly far. */
  readonly looped: boolean;
  /** The search's state, when the pattern is searched for. */
  readonly search: number | null;
}

export interface Span {
  readonly start: number;
  readonly end: number;
  /** A bounded repeat read as a loop (its bound too large to write out). */
  readonly bounded?: boolean;
}

/** More states than this, and a pattern is too large to prove safe. */
export const MAX_STATES = 1500;
/** A single character repeated up to this many times is written out; more is read as unbounded. */
const SIMPLE_COPIES = 100;
/**
 * Copies of compound parts (a group repeated inside a repeat…) written out, all nestings
 * multiplied: few, as each copy of an ambiguous part multiplies the ways (`(a|a){16}` reads 16
 * characters 65,536 ways).
 */
const COMPOUND_COPIES = 4;

export class TooLarge extends Error {}

const ANY: CodePointSet = [[0, MAX_CODE_POINT]];

type Ways = Map<number, number>;

/** What a part of the pattern leaves to what surrounds it. */
interface Fragment {
  first: Ways;
  last: Ways;
  /** Last states whose way out to this part's end passes no assertion. */
  freeLast: Set<number>;
  /** Ways to match the empty string (0, 1 or 2). */
  empty: number;
  freeEmpty: boolean;
  /** First states entered only through a `^`: where the text starts, never by the search. */
  anchored: Set<number>;
  /** Whether every way to match the empty string passes a `^`. */
  emptyAnchored: boolean;
}

const cap = (n: number) => Math.min(n, 2);

function addWays(into: Ways, from: Ways, times = 1): void {
  if (times === 0) return;
  for (const [state, ways] of from)
    into.set(state, cap((into.get(state) ?? 0) + ways * times));
}

const EMPTY: Fragment = {
  first: new Map(),
  last: new Map(),
  freeLast: new Set(),
  empty: 1,
  freeEmpty: true,
  anchored: new Set(),
  emptyAnchored: false,
};
const ASSERTION: Fragment = { ...EMPTY, freeEmpty: false };
const START: Fragment = { ...ASSERTION, emptyAnchored: true };

/**
 * The automaton of `body`; throws TooLarge. `whole` is the pattern `body` is part of (a
 * lookaround's body refers to groups outside it). With `searched`, the search that starts again
 * at each position is a state of its own reading any character, which enters what is not behind
 * a `^`; unless the pattern matches the empty string at once, as it then never starts again.
 */
export function buildAutomaton(
  body: Alternatives,
  whole: Alternatives = body,
  searched = false,
): Automaton {
  const builder = new Builder(whole);
  const read = builder.alternatives(body, 1);
  const start = new Map([[0, 1]]);
  builder.follow(start, read.first);
  let search: number | null = null;
  if (searched && !read.freeEmpty) {
    search = builder.state(ANY, []);
    const again = new Map([[search, 1]]);
    builder.follow(start, again);
    builder.follow(again, again);
    const open = [...read.first].filter(([s]) => !read.anchored.has(s));
    builder.follow(again, new Map(open));
  }
  for (const state of read.freeLast) builder.free[state] = true;
  const { labels, edges, free, loops, looks, looped } = builder;
  const { freeEmpty } = read;
  return { labels, edges, free, loops, looks, freeEmpty, looped, search };
}

class Builder {
  readonly labels: CodePointSet[] = [];
  readonly edges: Map<number, number>[] = [];
  readonly free: boolean[] = [];
  readonly loops: Span[][] = [];
  readonly looks: Extract<Term, { kind: "look" }>[] = [];
  looped = false;
  private readonly groups = new Map<number, Term>();
  private readonly enclosing: Span[] = [];

  constructor(body: Alternatives) {
    this.survey(body);
    // State 0 is the start: its label is empty, and it comes first.
    this.state([], []);
  }

  private survey(body: Alternatives): void {
    const visit = (term: Term): void => {
      if (term.kind === "group") {
        if (term.index !== null) this.groups.set(term.index, term);
        this.survey(term.body);
      } else if (term.kind === "look") this.survey(term.body);
      else if (term.kind === "repeat") visit(term.body);
    };
    for (const terms of body) terms.forEach(visit);
  }

  state(label: CodePointSet, loops: Span[]): number {
    if (this.labels.length > MAX_STATES) throw new TooLarge();
    this.labels.push(label);
    this.edges.push(new Map());
    this.free.push(false);
    this.loops.push(loops);
    return this.labels.length - 1;
  }

  /** Adds an edge from each state of `from` to each of `to`, the ways multiplied. */
  follow(from: Ways, to: Ways): void {
    for (const [a, x] of from) {
      const out = this.edges[a]!;
      for (const [b, y] of to) out.set(b, cap((out.get(b) ?? 0) + x * y));
    }
  }

  alternatives(body: Alternatives, factor: number): Fragment {
    const fragments = body.map((terms) => this.sequence(terms, factor));
    return union(fragments);
  }

  private sequence(terms: readonly Term[], factor: number): Fragment {
    let result = EMPTY;
    for (const term of terms)
      result = this.concat(result, this.term(term, factor));
    return result;
  }

  private concat(x: Fragment, y: Fragment): Fragment {
    this.follow(x.last, y.first);
    const first = new Map(x.first);
    addWays(first, y.first, x.empty);
    const last = new Map(y.last);
    addWays(last, x.last, y.empty);
    const freeLast = new Set(y.freeLast);
    if (y.freeEmpty) for (const s of x.freeLast) freeLast.add(s);
    const anchored = new Set(x.anchored);
    if (x.empty > 0)
      for (const s of y.first.keys())
        if (x.emptyAnchored || y.anchored.has(s)) anchored.add(s);
    return {
      first,
      last,
      freeLast,
      empty: cap(x.empty * y.empty),
      freeEmpty: x.freeEmpty && y.freeEmpty,
      anchored,
      emptyAnchored: x.emptyAnchored || y.emptyAnchored,
    };
  }

  private term(term: Term, factor: number): Fragment {
    switch (term.kind) {
      case "char":
        return this.read([[term.cp, term.cp]]);
      case "set":
        return this.read(term.set);
      case "start":
        return START;
      case "end":
      case "boundary":
        return ASSERTION;
      case "look":
        this.looks.push(term);
        return ASSERTION;
      case "group":
        return this.alternatives(term.body, factor);
      case "backref":
        return this.backref(term.index, term.at, factor);
      case "repeat":
        return this.repeat(term, factor);
    }
  }

  private read(label: CodePointSet): Fragment {
    const s = this.state(label, [...this.enclosing]);
    const one = new Map([[s, 1]]);
    return {
      first: one,
      last: one,
      freeLast: new Set([s]),
      empty: 0,
      freeEmpty: false,
      anchored: new Set(),
      emptyAnchored: false,
    };
  }

  /** A backreference reads again what its group read: any of its characters, as many as the group can read. */
  private backref(index: number, at: number, factor: number): Fragment {
    const group = this.groups.get(index)!;
    const sets: CodePointSet[] = [];
    const width = collect(group, sets);
    const set = normalize(sets.flat());
    if (set.length === 0 || width === 0) return ASSERTION;
    const body: Term = { kind: "set", set };
    const repeat = { kind: "repeat", min: 0, max: width, lazy: false } as const;
    const read = this.repeat({ ...repeat, body, start: at, end: at }, factor);
    // Once its group took part, a backreference reads its text: never skipped for free.
    return { ...read, freeLast: new Set(), freeEmpty: false };
  }

  private repeat(
    term: Extract<Term, { kind: "repeat" }>,
    factor: number,
  ): Fragment {
    const { min, body } = term;
    if (term.max === 0) return EMPTY;
    const simple = body.kind === "char" || body.kind === "set";
    const limit = simple ? SIMPLE_COPIES : COMPOUND_COPIES / factor;
    const copies = term.max === Infinity ? min : term.max;
    if (copies <= 1 && term.max !== Infinity) {
      const once = this.term(body, factor);
      return min === 0 ? optional(once) : once;
    }
    if (copies > limit && min < 2) return this.loop(term, min, factor);
    if (copies > limit) {
      // Where the count is not kept, no iteration is known to be past the minimum.
      const loop = this.loop(term, 1, factor, true);
      return { ...loop, freeLast: new Set() };
    }
    const inner = simple ? factor : factor * Math.max(copies, 1);
    let result = EMPTY;
    for (let i = 0; i < min - (term.max === Infinity ? 1 : 0); i++)
      result = this.concat(result, this.term(body, inner));
    if (term.max === Infinity)
      return min === 0
        ? this.loop(term, 0, inner)
        : this.concat(result, this.loop(term, 1, inner));
    // The optional copies nest, (x(x(x)?)?)?, so that each count is read one way.
    let tail = EMPTY;
    for (let i = min; i < term.max; i++)
      tail = optional(this.concat(this.term(body, inner), tail));
    return this.concat(result, tail);
  }

  /**
   * `body*` (min 0) or `body+` (min 1): an iteration that matches nothing ends the loop. Standing
   * for a repeat whose first `min` iterations may match nothing (`skips`, min ≥ 2), the loop
   * takes its way back twice when the body can: `(a?){30}` reads "aa" with an empty iteration
   * between the two or none, and 30 characters in 2^30 ways.
   */
  private loop(
    term: Extract<Term, { kind: "repeat" }>,
    min: number,
    factor: number,
    skips = false,
  ): Fragment {
    const { start, end } = term;
    this.enclosing.push({ start, end, bounded: term.max !== Infinity });
    const body = this.term(term.body, factor);
    this.enclosing.pop();
    this.follow(body.last, body.first);
    this.looped = true;
    if (skips && body.empty > 0) this.follow(body.last, body.first);
    return min === 0 ? optional({ ...body, empty: 0, freeEmpty: false }) : body;
  }
}

function union(fragments: readonly Fragment[]): Fragment {
  const first: Ways = new Map();
  const last: Ways = new Map();
  const freeLast = new Set<number>();
  const anchored = new Set<number>();
  let empty = 0;
  let freeEmpty = false;
  let emptyAnchored = true;
  for (const f of fragments) {
    addWays(first, f.first);
    addWays(last, f.last);
    for (const s of f.freeLast) freeLast.add(s);
    for (const s of f.anchored) anchored.add(s);
    empty = cap(empty + f.empty);
    freeEmpty ||= f.freeEmpty;
    if (f.empty > 0) emptyAnchored &&= f.emptyAnchored;
  }
  return { first, last, freeLast, empty, freeEmpty, anchored, emptyAnchored };
}

/** `x?`: x, or nothing (one more way to match the empty string). */
function optional(x: Fragment): Fragment {
  return {
    ...x,
    empty: cap(x.empty + 1),
    freeEmpty: true,
    emptyAnchored: false,
  };
}

/** The sets a term reads, into `sets`; the most characters it reads (Infinity for unbounded). */
function collect(term: Term, sets: CodePointSet[]): number {
  switch (term.kind) {
    case "char":
      sets.push([[term.cp, term.cp]]);
      return 1;
    case "set":
      sets.push(term.set);
      return 1;
    case "group":
      return Math.max(
        0,
        ...term.body.map((terms) =>
          terms.reduce((sum, t) => sum + collect(t, sets), 0),
        ),
      );
    case "repeat": {
      const width = collect(term.body, sets);
      return width === 0 ? 0 : width * term.max;
    }
    case "backref":
      // A group that holds a backreference: read as any text, at any length.
      sets.push(ANY);
      return Infinity;
    default:
      return 0;
  }
}
