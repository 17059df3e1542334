/** Names longer than this are not compared: a caller may send anything as a name. */
const LONGEST = 64;

/**
 * The tool a model most likely meant when it misspelt one (`recal_memory` → `recall_memory`),
 * or undefined when none is close. Runs only on the error path.
 */
export function closestName(
  name: string,
  names: readonly string[],
): string | undefined {
  if (name.length === 0 || name.length > LONGEST) return undefined;
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of names) {
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, one row at a time. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(
        Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}
