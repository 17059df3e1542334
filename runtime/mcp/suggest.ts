import { distance } from "../shared/distance.js";

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
