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
  const found = new Set<string>();
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && inWord(text.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const word = text.slice(start, i);
      if (names.has(word)) found.add(word);
      start = -1;
    }
  }
  return found;
}
