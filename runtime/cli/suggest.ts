import { distance } from "../shared/distance.js";

/**
 * "Did you mean …?" for a mistyped command word or option. A candidate is close to what was
 * typed when, compared without case and without leading dashes, it is at most 2 edits away (an
 * edit inserts, deletes or replaces one character, or swaps two neighbours) and fewer edits than
 * the typed word has characters, or when the typed word (3 characters or more) begins it. The
 * closest win (fewest edits; a mere beginning ranks after 2 edits), at most 3 of them, in the
 * order the candidates are given.
 */
export function closest(
  typed: string,
  candidates: readonly string[],
): string[] {
  const word = bare(typed);
  let best = Infinity;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    const score = closeness(word, bare(candidate));
    if (score === undefined || score > best) continue;
    if (score < best) found = [];
    best = score;
    found.push(candidate);
  }
  return found.slice(0, MAX_SUGGESTIONS);
}

/** `did you mean 'a'?`, `did you mean 'a' or 'b'?`, or nothing when `words` is empty. */
export function didYouMean(words: readonly string[]): string {
  if (words.length === 0) return "";
  const quoted = words.map((w) => `'${w}'`);
  const last = quoted.pop()!;
  const list = quoted.length > 0 ? `${quoted.join(", ")} or ${last}` : last;
  return `did you mean ${list}?`;
}

const MAX_EDITS = 2;
const MIN_PREFIX = 3;
const MAX_SUGGESTIONS = 3;

function bare(word: string): string {
  return word.replace(/^-+/, "").toLowerCase();
}

/** The edits from `word` to `candidate` when it is close (0 when only case or dashes differ), MAX_EDITS + 1 for a beginning, else undefined. */
function closeness(word: string, candidate: string): number | undefined {
  const edits = distance(word, candidate);
  if (edits <= MAX_EDITS && edits < word.length) return edits;
  if (word.length >= MIN_PREFIX && candidate.startsWith(word))
    return MAX_EDITS + 1;
  return undefined;
}
