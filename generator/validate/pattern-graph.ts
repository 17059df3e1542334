import type { CodePointSet } from "./code-points.js";

/** Graph walks and set operations the backtracking check (pattern-ambiguity.ts) runs on. */

/** Breadth first from `start`: each node reached, with the node it was reached from (-1 for a start). */
export function reach(
  start: readonly number[],
  next: (node: number) => readonly number[],
): Map<number, number> {
  const parents = new Map<number, number>();
  for (const s of start) parents.set(s, -1);
  const queue = [...start];
  for (let i = 0; i < queue.length; i++)
    for (const to of next(queue[i]!))
      if (!parents.has(to)) {
        parents.set(to, queue[i]!);
        queue.push(to);
      }
  return parents;
}

/** The nodes from a start to `end` in a map of parents, the start first. */
export function trace(
  parents: ReadonlyMap<number, number>,
  end: number,
): number[] {
  const path: number[] = [];
  for (let node = end; node !== -1; node = parents.get(node) ?? -1)
    path.unshift(node);
  return path;
}

/**
 * Tarjan's strongly connected components of the nodes reached from `start`, without recursion:
 * each node with its component's number.
 */
export function components(
  next: (node: number) => readonly number[],
  start: readonly number[],
): Map<number, number> {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const component = new Map<number, number>();
  const stack: number[] = [];
  let count = 0;
  let found = 0;
  for (const root of start) {
    if (index.has(root)) continue;
    const frames: { node: number; out: readonly number[]; i: number }[] = [];
    const open = (node: number) => {
      index.set(node, count);
      low.set(node, count++);
      stack.push(node);
      frames.push({ node, out: next(node), i: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      if (frame.i < frame.out.length) {
        const to = frame.out[frame.i++]!;
        if (!index.has(to)) open(to);
        else if (!component.has(to))
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent)
        low.set(
          parent.node,
          Math.min(low.get(parent.node)!, low.get(frame.node)!),
        );
      if (low.get(frame.node) === index.get(frame.node)) {
        let node: number;
        do {
          node = stack.pop()!;
          component.set(node, found);
        } while (node !== frame.node);
        found++;
      }
    }
  }
  return component;
}

/** The code points two sets share, or null when none. */
export function intersect(
  a: CodePointSet,
  b: CodePointSet,
): CodePointSet | null {
  const out: [number, number][] = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) {
    const [alo, ahi] = a[i]!;
    const [blo, bhi] = b[j]!;
    const lo = Math.max(alo, blo);
    const hi = Math.min(ahi, bhi);
    if (lo <= hi) out.push([lo, hi]);
    if (ahi < bhi) i++;
    else j++;
  }
  return out.length > 0 ? out : null;
}

/** A character of the set to show: a letter or a digit when it holds one, else printable ASCII, else its first. */
export function sample(set: CodePointSet): string {
  for (const [lo, hi] of PREFERRED)
    for (const [a, b] of set)
      if (Math.max(a, lo) <= Math.min(b, hi))
        return String.fromCodePoint(Math.max(a, lo));
  return String.fromCodePoint(set[0]![0]);
}

const PREFERRED = ["az", "09", "AZ", "!~", "  "].map(
  (r) => [r.codePointAt(0)!, r.codePointAt(1)!] as const,
);
