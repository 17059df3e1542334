import type { Place } from "./place.js";

/**
 * Maps an offset to a 1-based line and column, counting LF, CRLF and lone CR as line ends.
 * The line starts are found on the first call: a spec that reads cleanly never asks.
 */
export function lineIndex(
  text: string,
): (offset: number, length?: number) => Place {
  let starts: number[] | undefined;
  return (offset, length = 1) => {
    starts ??= lineStarts(text);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - starts[lo]! + 1, length };
  };
}

/** The offset of each line's first character: after every LF, and after a CR that no LF follows. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) starts.push(i + 1);
  }
  return starts;
}
