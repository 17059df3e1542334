import { distance } from "../../runtime/shared/distance.js";

/** The closest candidate to `word`, when one is close enough to be a likely typo. */
export function suggest(
  word: string,
  candidates: Iterable<string>,
): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(1, Math.ceil(word.length / 3));
  return bestDistance <= limit ? best : undefined;
}
