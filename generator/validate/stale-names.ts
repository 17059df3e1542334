import { nearestIn } from "../../runtime/shared/distance.js";

/** How a word that no tool has may still read as a tool's name (doc-mentions.ts). */
export interface StaleNames {
  /** The current tool name the word is a near-miss of (a typo, a plural, a small rename), if any. */
  nearMiss(word: string): string | undefined;
  /** True when the word is a sibling of a tool's name: as many words, the same last one, one other changed. */
  sibling(word: string): boolean;
}

/**
 * The tests of stale names against the spec's current tool names. A near-miss is the nearest
 * tool name (runtime/shared/distance.ts, as every "did you mean" of toolgen) within a stricter
 * limit than a "did you mean" allows: one edit for every five characters of the word, at least
 * one and at most three, so that `get_notes` is `get_note` but `broadcast_enabled` is not
 * `broadcast_message`. Stricter on purpose: here the near-miss decides whether a word of prose
 * is warned about at all, where a "did you mean" only names a likely fix for a word already known
 * to be wrong.
 */
export function staleNames(tools: readonly string[]): StaleNames {
  // Siblings by their last word and word count: a word meets only the few tools that share both.
  const byTail = new Map<string, string[][]>();
  for (const name of tools) {
    const parts = name.split("_");
    const key = `${parts.length}:${parts.at(-1)}`;
    byTail.set(key, [...(byTail.get(key) ?? []), parts]);
  }
  const nearestTool = nearestIn(tools);
  // A word of prose recurs across texts (GitHub's `per_page` in hundreds): measured once.
  const near = new Map<string, string | undefined>();
  return {
    nearMiss(word) {
      if (!near.has(word)) {
        const limit = Math.min(3, Math.max(1, Math.floor(word.length / 5)));
        near.set(word, nearestTool(word, limit)[0]);
      }
      return near.get(word);
    },
    sibling(word) {
      const parts = word.split("_");
      const same = byTail.get(`${parts.length}:${parts.at(-1)}`) ?? [];
      return same.some(
        (tool) => tool.filter((p, k) => p !== parts[k]).length === 1,
      );
    },
  };
}

/** The words before a tool's name that say a tool is meant: `prefer search_memory`. */
const CUE_BEFORE =
  /(?:^|[^A-Za-z])(?:call|calls|calling|use|uses|using|prefer|try|run|invoke)\s+`?$/i;
/** The words after one: "the search_memory tool", `search_memory(`. */
const CUE_AFTER = /^`?(?:\s+tools?\b|\()/i;

/** True when the word at `index` of `text` stands where a tool's name is written. */
export function inToolPlace(
  text: string,
  index: number,
  word: string,
): boolean {
  const before = text.slice(Math.max(0, index - 20), index);
  const after = text.slice(index + word.length, index + word.length + 8);
  return CUE_BEFORE.test(before) || CUE_AFTER.test(after);
}
