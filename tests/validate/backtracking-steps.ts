import {
  parsePattern,
  type Alternatives,
  type Term,
} from "../../generator/validate/js-pattern.js";
import { WORD } from "../../generator/validate/code-points.js";
import { sample } from "../../generator/validate/pattern-graph.js";
import { buildAutomaton } from "../../generator/validate/pattern-automaton.js";

/**
 * A plain backtracking matcher over toolgen's own parse of a pattern, as V8's and Python's
 * engines walk it (the search retries at each position; alternatives and repeats are tried in
 * order, greedy first; an iteration that matches nothing ends its repeat; a lookahead is tried
 * once and never backtracked into), which counts its steps instead of timing them. Backreferences
 * and lookbehinds are not read (the property's patterns hold none). Past `limit` steps it stops.
 */
export function countSteps(
  pattern: string,
  text: string,
  limit: number,
): { matched: boolean; steps: number } {
  const body = parsePattern(pattern, true).body;
  const cps = [...text].map((c) => c.codePointAt(0)!);
  let steps = 0;
  type Next = (pos: number) => boolean;

  const tick = () => {
    if (++steps > limit) throw OVER;
  };
  const has = (set: readonly (readonly [number, number])[], cp: number) =>
    set.some(([lo, hi]) => lo <= cp && cp <= hi);
  const word = (pos: number) =>
    pos >= 0 && pos < cps.length && has(WORD, cps[pos]!);

  const alternatives = (alts: Alternatives, pos: number, k: Next): boolean =>
    alts.some((terms) => sequence(terms, 0, pos, k));
  const sequence = (
    terms: readonly Term[],
    i: number,
    pos: number,
    k: Next,
  ): boolean =>
    i === terms.length
      ? k(pos)
      : term(terms[i]!, pos, (p) => sequence(terms, i + 1, p, k));

  const term = (t: Term, pos: number, k: Next): boolean => {
    tick();
    switch (t.kind) {
      case "char":
        return pos < cps.length && cps[pos] === t.cp && k(pos + 1);
      case "set":
        return pos < cps.length && has(t.set, cps[pos]!) && k(pos + 1);
      case "start":
        return pos === 0 && k(pos);
      case "end":
        return pos === cps.length && k(pos);
      case "boundary":
        return (word(pos - 1) !== word(pos)) !== t.negated && k(pos);
      case "group":
        return alternatives(t.body, pos, k);
      case "look": {
        if (t.behind) throw new Error("lookbehinds are not read");
        const found = alternatives(t.body, pos, () => true);
        return found !== t.negated && k(pos);
      }
      case "backref":
        throw new Error("backreferences are not read");
      case "repeat":
        return repeat(t, 0, pos, k);
    }
  };

  const repeat = (
    t: Extract<Term, { kind: "repeat" }>,
    count: number,
    pos: number,
    k: Next,
  ): boolean => {
    tick();
    const more = () =>
      count < t.max &&
      term(t.body, pos, (p) =>
        p === pos && count >= t.min ? false : repeat(t, count + 1, p, k),
      );
    const done = () => count >= t.min && k(pos);
    return t.lazy ? done() || more() : more() || done();
  };

  for (let start = 0; start <= cps.length; start++)
    if (alternatives(body, start, () => true)) return { matched: true, steps };
  return { matched: false, steps };
}

const OVER = new Error("over the step limit");

/** countSteps, or null when it passes `limit`. */
export function stepsWithin(
  pattern: string,
  text: string,
  limit: number,
): number | null {
  try {
    return countSteps(pattern, text, limit).steps;
  } catch (error) {
    if (error === OVER) return null;
    throw error;
  }
}

/**
 * Texts built from a pattern's own automaton to make a backtracking engine work hardest: for
 * each state on a loop, the shortest text reaching it, then a word leading from it back to
 * itself repeated `times` times, then an ending that may make the match fail.
 */
export function adversarialTexts(pattern: string, times: number): string[] {
  const a = buildAutomaton(parsePattern(pattern, true).body);
  const next = (s: number) =>
    [...a.edges[s]!.keys()].filter((t) => a.labels[t]!.length > 0);
  const shortest = (from: number, to: number): number[] | null => {
    const parents = new Map<number, number>([[from, -1]]);
    const queue = [from];
    for (let i = 0; i < queue.length; i++)
      for (const t of next(queue[i]!)) {
        if (t === to) {
          const path = [t];
          for (let s = queue[i]!; s !== from; s = parents.get(s)!)
            path.unshift(s);
          return path;
        }
        if (!parents.has(t)) {
          parents.set(t, queue[i]!);
          queue.push(t);
        }
      }
    return null;
  };
  const text = (states: number[]) =>
    states.map((s) => sample(a.labels[s]!)).join("");
  const texts: string[] = [];
  for (let q = 1; q < a.labels.length && texts.length < 40; q++) {
    const cycle = shortest(q, q);
    const prefix = shortest(0, q);
    if (cycle === null || prefix === null) continue;
    const pumped = text(prefix) + text(cycle).repeat(times);
    for (const end of ENDINGS) texts.push(pumped + end);
  }
  return texts;
}

/** Endings that fail most patterns: none, punctuation, a line end, the last code point. */
const ENDINGS = ["", "!", "\n", "\u{10ffff}"];
