/** Whether a UTF-16 code is a word character of a name: [A-Za-z0-9_-]. */
function inWord(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || // a-z
    (c >= 65 && c <= 90) || // A-Z
    (c >= 48 && c <= 57) || // 0-9
    c === 95 || // _
    c === 45 // -
  );
}

/**
 * Which of `names` the text holds as whole words: runs of [A-Za-z0-9_-], `-` and `_` joining
 * words as in names, so only a name made of those characters can be found. One scan of the
 * text, each word looked up in `names`: the work grows with the text, not with text × names.
 */
export function namesIn(
  text: string,
  names: { has(name: string): boolean },
): Set<string> {
  return new Set(firstNamesIn(text, names).keys());
}

/** Each of `names` the text holds as a whole word (as namesIn finds them), with the index where it first stands. */
export function firstNamesIn(
  text: string,
  names: { has(name: string): boolean },
): Map<string, number> {
  const found = new Map<string, number>();
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && inWord(text.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const word = text.slice(start, i);
      if (names.has(word) && !found.has(word)) found.set(word, start);
      start = -1;
    }
  }
  return found;
}
