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

/** Each text's names as `firstNamesIn` finds them, one scan per text however many checks ask. */
export type NameScan = (text: string) => ReadonlyMap<string, number>;

/** A NameScan for `names`: each check keeps the names it asks about. */
export function nameScan(names: { has(name: string): boolean }): NameScan {
  const scanned = new Map<string, Map<string, number>>();
  return (text) => {
    let found = scanned.get(text);
    if (found === undefined) {
      found = firstNamesIn(text, names);
      scanned.set(text, found);
    }
    return found;
  };
}

/**
 * Whether `text` holds `part` with its words as they are in `part`: a word at either end of
 * `part` does not run on into the text around it. Then every name `part` holds, `text` holds.
 */
export function holdsWhole(text: string, part: string): boolean {
  if (part.length === 0) return false;
  const at = text.indexOf(part);
  if (at < 0) return false;
  const end = at + part.length;
  const joinsBefore =
    at > 0 && inWord(text.charCodeAt(at - 1)) && inWord(part.charCodeAt(0));
  const joinsAfter =
    end < text.length &&
    inWord(text.charCodeAt(end)) &&
    inWord(part.charCodeAt(part.length - 1));
  return !joinsBefore && !joinsAfter;
}
