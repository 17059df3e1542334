import { complement, normalize, type CodePointSet } from "./code-points.js";
import {
  components,
  intersect,
  reach,
  sample,
  trace,
} from "./pattern-graph.js";
import type { Automaton } from "./pattern-automaton.js";

/**
 * Where a pattern's automaton lets a backtracking engine read one text in very many ways: the
 * two kinds of ambiguity that make such an engine slow on a text it finally refuses (Weideman,
 * van der Merwe, Berglund and Watson, "Analyzing matching time behavior of backtracking regular
 * expression matchers by using ambiguity of NFA", 2016; Allauzen, Mohri and Rastogi, 2008).
 *
 * - Exponential: a state with two different paths back to itself on one word (an edge taken two
 *   ways inside a loop, or a strongly connected component of the automaton's square holding a
 *   pair (q, q) and a pair (p, p') with p ≠ p'). Each repetition of the word doubles the paths.
 * - Polynomial: two loops p and q, q after p, that read one word alike: the text can be split
 *   between them in as many ways as it is long. Found through the square as a path
 *   (p, p) ⇝ (p', q) and one (p', q) ⇝ (q', q'), a test that can only say yes more often than
 *   the exact one over the cube of the automaton. p may be the search's retry at each position.
 *
 * Only paths that fail count. A state after which the rest of the pattern matches the empty
 * string with no assertion on the way ends every path through it in success: the engine tries
 * what it prefers there first, then ends the match there, and never backtracks past it. So
 * paths do not enter such states (they may start from one). The search is bounded: past
 * BUDGET steps the answer is "too complex to prove safe".
 */
export type Ambiguity =
  | { kind: "exponential"; loop: number[]; prefix: string; pump: string }
  | {
      kind: "polynomial";
      loops: [number[], number[]];
      prefix: string;
      pump: string;
    }
  | { kind: "too-complex" };

/** Steps of the search (pairs and edges visited) before a pattern counts as too complex. */
const BUDGET = 2_000_000;

export function findAmbiguity(a: Automaton): Ambiguity | null {
  try {
    return new Search(a).run();
  } catch (error) {
    if (error === OVER_BUDGET) return { kind: "too-complex" };
    throw error;
  }
}

const OVER_BUDGET = new Error("over budget");

class Search {
  private readonly n: number;
  /** The successors a failing path may enter; `next`, every one. */
  private readonly succ: number[][];
  private readonly next: number[][];
  private readonly component: Map<number, number>;
  private readonly members: number[][] = [];
  private readonly looping: boolean[];
  /** The components of every path's graph, free states included: where the engine goes on. */
  private readonly spine: Map<number, number>;
  private readonly spineMembers: number[][] = [];
  private steps = 0;
  private readonly meets = new Map<number, CodePointSet | null>();

  constructor(private readonly a: Automaton) {
    this.n = a.labels.length;
    // Edges into a state that reads nothing ([]) are never taken.
    this.next = a.edges.map((out) =>
      [...out.keys()].filter((t) => a.labels[t]!.length > 0),
    );
    this.succ = this.next.map((out) => out.filter((t) => !a.free[t]));
    const all = this.succ.map((_, s) => s);
    this.component = components((s) => this.succ[s]!, all);
    for (const s of all) (this.members[this.component.get(s)!] ??= []).push(s);
    this.looping = this.members.map((states) => looping(states, this.succ));
    this.spine = components((s) => this.next[s]!, all);
    for (const s of all) (this.spineMembers[this.spine.get(s)!] ??= []).push(s);
  }

  run(): Ambiguity | null {
    const loops = this.members.flatMap((_, c) => (this.looping[c] ? [c] : []));
    // A loop whose every state ends the match is never backtracked into.
    for (const c of loops) {
      const found = this.exponential(c);
      if (found) return found;
    }
    for (const [p, states] of this.spineMembers.entries()) {
      if (!looping(states, this.next)) continue;
      const found = this.polynomial(p, new Set(loops));
      if (found) return found;
    }
    return null;
  }

  /** What two states' labels share, or null. */
  private meet(x: number, y: number): CodePointSet | null {
    const key = x * this.n + y;
    let known = this.meets.get(key);
    if (known === undefined) {
      const [a, b] = [this.a.labels[x]!, this.a.labels[y]!];
      // Sets of many ranges (\p{L} has hundreds) cost their length.
      this.steps += a.length + b.length;
      known = intersect(a, b);
      this.meets.set(key, known);
    }
    return known;
  }

  private inside(c: number, s: number): boolean {
    return this.component.get(s) === c;
  }

  /**
   * Pairs of states reading one character, each moved by a step `xs` and `ys` allow, along
   * failing paths (or, for x when `xFree`, along every path).
   */
  private square(
    xs: (s: number) => boolean,
    ys: (s: number) => boolean,
    xFree = false,
  ): (pair: number) => number[] {
    const xNext = xFree ? this.next : this.succ;
    return (pair) => {
      const [x, y] = [Math.floor(pair / this.n), pair % this.n];
      const out: number[] = [];
      for (const x2 of xNext[x]!)
        if (xs(x2))
          for (const y2 of this.succ[y]!) {
            if (++this.steps > BUDGET) throw OVER_BUDGET;
            if (ys(y2) && this.meet(x2, y2)) out.push(x2 * this.n + y2);
          }
      return out;
    };
  }

  private exponential(c: number): Ambiguity | null {
    const states = this.members[c]!;
    const within = (s: number) => this.inside(c, s);
    // An edge the pattern takes two ways, inside the loop.
    for (const s of states)
      for (const [t, ways] of this.a.edges[s]!)
        if (ways > 1 && within(t) && this.a.labels[t]!.length > 0) {
          const back = trace(
            reach([t], (x) => this.succ[x]!.filter(within)),
            s,
          );
          const pump = [t, ...back.slice(1)].map((x) => x * this.n + x);
          return this.found({ kind: "exponential", loop: states }, s, pump);
        }
    // Two different paths from a state back to itself on one word.
    const next = this.square(within, within);
    const diagonal = states.map((s) => s * this.n + s);
    const pairs = components(next, diagonal);
    const apart = new Map<number, number>();
    for (const [pair, k] of pairs)
      if (Math.floor(pair / this.n) !== pair % this.n) apart.set(k, pair);
    const start = diagonal.find((pair) => apart.has(pairs.get(pair)!));
    if (start === undefined) return null;
    const other = apart.get(pairs.get(start)!)!;
    const there = trace(reach([start], next), other).slice(1);
    const back = trace(reach([other], next), start).slice(1);
    const s = start % this.n;
    const pump = [...there, ...back];
    return this.found({ kind: "exponential", loop: states }, s, pump);
  }

  /**
   * x goes round p, a loop of every path's graph (ending the match on the way does not stop the
   * engine trying, from each of its states, what it prefers first), while y leaves on a failing
   * path for a failing loop q that x is not in; then y goes round q while x goes on, until both
   * stand on one state of q. Each place where the text leaves p for q is one more way to fail.
   */
  private polynomial(p: number, loops: ReadonlySet<number>): Ambiguity | null {
    const inP = (s: number) => this.spine.get(s) === p;
    const parents = reach(
      this.spineMembers[p]!.map((s) => s * this.n + s),
      this.square(inP, () => true, true),
    );
    const splits = new Map<number, number[]>();
    for (const pair of parents.keys()) {
      const [x, y] = [Math.floor(pair / this.n), pair % this.n];
      const q = this.component.get(y)!;
      if (loops.has(q) && this.component.get(x) !== q)
        splits.set(q, [...(splits.get(q) ?? []), pair]);
    }
    for (const [q, from] of splits) {
      const inQ = (s: number) => this.inside(q, s);
      const joined = reach(
        from,
        this.square(() => true, inQ, true),
      );
      const meets = [...joined.keys()].some(
        (pair) =>
          Math.floor(pair / this.n) === pair % this.n && inQ(pair % this.n),
      );
      if (!meets) continue;
      const word = trace(parents, from[0]!);
      const s = Math.floor(word[0]! / this.n);
      const loops: [number[], number[]] = [
        this.spineMembers[p]!,
        this.members[q]!,
      ];
      return this.found({ kind: "polynomial", loops }, s, word.slice(1));
    }
    return null;
  }

  /** The witness: the shortest text from the start to `state`, and the word the pairs read. */
  private found(
    what:
      | { kind: "exponential"; loop: number[] }
      | { kind: "polynomial"; loops: [number[], number[]] },
    state: number,
    pairs: number[],
  ): Ambiguity {
    const path = trace(
      reach([0], (s) => this.next[s]!),
      state,
    ).slice(1);
    // Characters that could end the match where the rest is free are shown only when they must be.
    const ends = normalize(
      this.a.labels.filter((_, s) => this.a.free[s]).flat(),
    );
    const pick = (set: CodePointSet) =>
      sample(intersect(set, complement(ends)) ?? set);
    // The search's own characters are any the text begins with: none needed.
    const prefix = path
      .filter((s) => s !== this.a.search)
      .map((s) => pick(this.a.labels[s]!))
      .join("");
    const pump = pairs
      .map((pair) => pick(this.meet(Math.floor(pair / this.n), pair % this.n)!))
      .join("");
    return { ...what, prefix, pump };
  }
}

/** Whether a component's states hold a loop: more than one, or one with an edge to itself. */
function looping(states: readonly number[], next: number[][]): boolean {
  return states.length > 1 || next[states[0]!]!.includes(states[0]!);
}
