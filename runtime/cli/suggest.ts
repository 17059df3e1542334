import { fold, nearest } from "../shared/distance.js";

/**
 * "Did you mean …?" for a mistyped command word or option: the nearest candidates by the one
 * rule of every "did you mean" (shared/distance.ts: without case and leading dashes, at most a
 * third of the word's length in edits), at most 3 of them, in the order the candidates are
 * given. Only when none is near, the CLI also reads a typed word of 3 characters or more as the
 * beginning of a candidate (`deleg` for `delegate`): on a command line words are abbreviated,
 * which a tool's or a key's name in the other messages is not.
 */
export function suggestions(
  typed: string,
  candidates: readonly string[],
): string[] {
  const near = nearest(typed, candidates);
  const word = fold(typed);
  const found =
    near.length > 0 || word.length < MIN_PREFIX
      ? near
      : [...new Set(candidates)].filter((c) => fold(c).startsWith(word));
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

const MIN_PREFIX = 3;
const MAX_SUGGESTIONS = 3;
