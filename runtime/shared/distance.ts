/**
 * Edit distance where swapping two neighbours counts as one edit (optimal string alignment):
 * what every "did you mean" of toolgen and of the generated packages measures closeness by.
 * Past `max` it may stop early and answer any number over `max`.
 */
export function distance(a: string, b: string, max: number = Infinity): number {
  // Three rows of the table at a time (a transposition reads two rows back), and none past the
  // point where every later cell must exceed `max`: then max + 1 is as good an answer.
  const m = b.length;
  let back = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let row = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  let prevLeast = 0;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, back[j - 2]! + 1);
      row[j] = best;
      if (best < least) least = best;
    }
    // A later cell is at least this row's least, or the row before's least plus one.
    if (least > max && prevLeast + 1 > max) return max + 1;
    prevLeast = least;
    [back, prev, row] = [prev, row, back];
  }
  return prev[m]!;
}

/*
 * The one rule of every "did you mean" (toolgen's messages and every generated package's): a
 * candidate is near a mistyped word when, compared without case and without leading dashes
 * (fold), it is at most a third of the word's length away, rounded up, and fewer edits than the
 * word has characters (nearLimit: 1 edit up to 3 characters, 2 up to 6, 3 up to 9…; a word of
 * one character only by its case). The nearest win: all those at the fewest edits, each once,
 * in the candidates' order (closest gives the first).
 */

/** How a word and a candidate are compared: without case and without leading dashes (an option by its name). */
export function fold(word: string): string {
  return word.replace(/^-+/, "").toLowerCase();
}

/** The most edits a folded word of `length` characters may be from a candidate (the rule above). */
export function nearLimit(length: number): number {
  return Math.min(Math.ceil(length / 3), length - 1);
}

/**
 * The candidates nearest `word` by the rule above. `limit` replaces nearLimit only where a
 * caller documents why (generator/validate/stale-names.ts: a stricter one, as it decides
 * whether to warn at all).
 */
export function nearest(
  word: string,
  candidates: Iterable<string>,
  limit?: number,
): string[] {
  return nearestIn(candidates)(word, limit);
}

/** nearest, with the candidates folded once: for many words against one list. */
export function nearestIn(
  candidates: Iterable<string>,
): (word: string, limit?: number) => string[] {
  const list = [...new Set(candidates)];
  const folded = list.map(fold);
  return (word, limit) => {
    const own = fold(word);
    let best = limit ?? nearLimit(own.length);
    let found: string[] = [];
    for (let i = 0; i < list.length; i++) {
      const other = folded[i]!;
      // The lengths alone put it out of reach: no need to measure (and a huge word costs nothing).
      if (Math.abs(other.length - own.length) > best) continue;
      const d = distance(own, other, best);
      if (d > best) continue;
      if (d < best) found = [];
      best = d;
      found.push(list[i]!);
    }
    return found;
  };
}

/** The first of the nearest candidates, else undefined. */
export function closest(
  word: string,
  candidates: Iterable<string>,
): string | undefined {
  return nearest(word, candidates)[0];
}
