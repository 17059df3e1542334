/**
 * Where JSON pointers are in a JSON text, found in one pass that enters only the objects and
 * arrays on the way to them and skips the rest (a 10 MB document in well under a second, where
 * reading it with positions through the YAML library takes many seconds).
 */
interface Trie {
  want?: string;
  readonly children: Map<string, Trie>;
}

/** Each pointer's character offset in `text` (pointers not found are absent). */
export function jsonOffsets(
  text: string,
  pointers: Iterable<readonly [string, readonly string[]]>,
): Map<string, number> {
  const root: Trie = { children: new Map() };
  for (const [key, tokens] of pointers) {
    let node = root;
    for (const t of tokens) {
      let next = node.children.get(t);
      if (next === undefined)
        node.children.set(t, (next = { children: new Map() }));
      node = next;
    }
    node.want = key;
  }
  const found = new Map<string, number>();
  let i = 0;
  const ws = (): void => {
    for (
      let c = text.charCodeAt(i);
      c === 32 || c === 10 || c === 13 || c === 9;
      c = text.charCodeAt(++i)
    );
  };
  const stringEnd = (from: number): number => {
    for (
      let j = text.indexOf('"', from + 1);
      j >= 0;
      j = text.indexOf('"', j + 1)
    ) {
      let slashes = 0;
      while (text.charCodeAt(j - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) return j + 1;
    }
    return text.length;
  };
  const skip = (): void => {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(i);
      return;
    }
    if (c === 123 || c === 91) {
      i++;
      for (let depth = 1; depth > 0 && i < text.length;) {
        const d = text.charCodeAt(i);
        if (d === 34) {
          i = stringEnd(i);
          continue;
        }
        if (d === 123 || d === 91) depth++;
        else if (d === 125 || d === 93) depth--;
        i++;
      }
      return;
    }
    // a number, true, false or null: up to , } ] or white space
    for (
      let d = c;
      i < text.length &&
      d !== 44 &&
      d !== 125 &&
      d !== 93 &&
      d !== 32 &&
      d !== 10 &&
      d !== 13 &&
      d !== 9;
      d = text.charCodeAt(++i)
    );
  };
  const value = (node: Trie | undefined): void => {
    ws();
    if (node?.want !== undefined) found.set(node.want, i);
    if (node === undefined || node.children.size === 0) return skip();
    const c = text.charCodeAt(i);
    if (c !== 123 && c !== 91) return skip();
    i++;
    for (let index = 0; ; index++) {
      ws();
      const d = text.charCodeAt(i);
      if (d === 125 || d === 93 || Number.isNaN(d)) {
        i++;
        return;
      }
      let key = String(index);
      if (c === 123) {
        const end = stringEnd(i);
        const raw = text.slice(i + 1, end - 1);
        key = raw.includes("\\")
          ? (JSON.parse(text.slice(i, end)) as string)
          : raw;
        i = end;
        ws();
        i++; // the colon
      }
      value(node.children.get(key));
      ws();
      if (text.charCodeAt(i) === 44) i++;
    }
  };
  value(root);
  return found;
}

/** 1-based line and column of each offset. */
export function lineCols(
  text: string,
  offsets: Iterable<number>,
): Map<number, [number, number]> {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  const out = new Map<number, [number, number]>();
  let line = 1;
  let lineStart = 0;
  let at = 0;
  for (const offset of sorted) {
    for (; at < offset; at++)
      if (text.charCodeAt(at) === 10) {
        line++;
        lineStart = at + 1;
      }
    out.set(offset, [line, offset - lineStart + 1]);
  }
  return out;
}
