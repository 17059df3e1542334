import { readFastOr, type Declined } from "./fast-yaml.js";
import type { JsonPath } from "./place.js";
import type { At, Locate } from "./yaml.js";

// Places for a large spec the fast reader reads. The yaml library's positioned document costs
// about 110 bytes of memory per byte of spec while it is made (its syntax tree, then its nodes),
// so past LARGE_SPEC_BYTES it is never made: js-yaml tells where each node it reads starts, and
// each list and mapping keeps where its items (and keys) start, in one array of offsets. A place
// is where the value's text starts, as the yaml library's; its length is the rest of that line.

/** How many distinct short strings a large spec's reading keeps one copy of: the common ones come first. */
const INTERNED = 4096;

/** Index of each list's items, or each mapping's keys and values, in the offsets array. */
interface Places {
  /** Where a container's item offsets begin in `offsets`: n items, or n key-value pairs. */
  readonly first: Map<object, number>;
  offsets: Int32Array;
  used: number;
}

/** The spec's value read by js-yaml with the places of its nodes, or why the fast reader declined it. */
export function readFastPlaced(
  source: string,
  at: At,
): { value: unknown; locate: Locate } | Declined {
  const places: Places = {
    first: new Map(),
    offsets: new Int32Array(1024),
    used: 0,
  };
  /** Offsets of the nodes whose parent is still open, and where each open node's own start. */
  const kids: number[] = [];
  const open: { start: number; kids: number }[] = [];
  /** One copy of each short string met among the first INTERNED ones (js-yaml copies each). */
  const strings = new Map<string, string>();
  const read = readFastOr(
    source,
    (event, state) => {
      if (event === "open") {
        open.push({ start: state.position, kids: kids.length });
        return;
      }
      const node = open.pop()!;
      // js-yaml grows a list by pushes, to room for 17 items or more: a copy holds only its
      // items (a chain of 275,000 one-item lists held 40 MB of room; issue #34). The parent
      // takes the value from the state after this.
      if (Array.isArray(state.result)) state.result = state.result.slice();
      else if (typeof state.result === "string") {
        // `type: string` 466,000 times is one string, not 466,000 copies (11 MB).
        const known =
          state.result.length <= 32 ? strings.get(state.result) : undefined;
        if (known !== undefined) state.result = known;
        else {
          const text = own(state.result);
          if (text.length <= 32 && strings.size < INTERNED)
            strings.set(text, text);
          state.result = text;
        }
      }
      const result = state.result;
      if (result !== null && typeof result === "object") {
        const count = kids.length - node.kids;
        const expected = Array.isArray(result)
          ? result.length
          : 2 * Object.keys(result).length;
        // A flow list's `a: b` item is a mapping no node of its own: such a list keeps no places.
        if (count === expected) keep(places, result, kids, node.kids);
      }
      kids.length = node.kids;
      kids.push(contentStart(source, node.start));
    },
    true,
    (node, key) => {
      const first = places.first.get(node);
      const i = Object.keys(node).indexOf(key);
      return first === undefined || i < 0 ? -1 : places.offsets[first + 2 * i]!;
    },
  );
  if (!("value" in read)) return read;
  const { value } = read;
  return { value, locate: placesLocate(source, at, value, places) };
}

function keep(
  places: Places,
  node: object,
  kids: number[],
  from: number,
): void {
  const count = kids.length - from;
  if (places.used + count > places.offsets.length) {
    const grown = new Int32Array(
      Math.max(places.offsets.length * 2, places.used + count),
    );
    grown.set(places.offsets.subarray(0, places.used));
    places.offsets = grown;
  }
  places.first.set(node, places.used);
  for (let i = from; i < kids.length; i++)
    places.offsets[places.used++] = kids[i]!;
}

/**
 * `text` on its own: js-yaml reads a copy of the whole spec (with a terminator added) and a
 * scalar of 13 characters or more is a slice of that copy, which one such scalar keeps alive
 * (15 MB for a spec near the cap). A shorter string is a copy already; a much longer one would
 * cost as much to copy as the text it keeps.
 */
function own(text: string): string {
  return text.length < 13 || text.length > OWN_MAX ? text : ` ${text}`.slice(1);
}

/** The longest string given its own copy. */
const OWN_MAX = 4096;

/** Past blanks, line breaks and comments from `offset`: where a node's text starts. */
function contentStart(source: string, offset: number): number {
  let i = offset;
  while (i < source.length) {
    const c = source[i];
    if (c === " " || c === "\n" || c === "\r" || c === "\t") i++;
    else if (c === "#") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? source.length : end;
    } else break;
  }
  return i;
}

function placesLocate(
  source: string,
  at: At,
  root: unknown,
  places: Places,
): Locate {
  const keyIndex = new WeakMap<object, Map<string, number>>();
  return (path: JsonPath, options = {}) => {
    let node = root;
    let start = contentStart(source, 0);
    let keyStart = -1;
    for (const step of path) {
      if (node === null || typeof node !== "object") break;
      const first = places.first.get(node);
      if (first === undefined) break;
      let i: number | undefined;
      if (Array.isArray(node)) {
        if (typeof step !== "number" || step < 0 || step >= node.length) break;
        start = places.offsets[first + step]!;
        keyStart = -1;
        node = node[step] as unknown;
        continue;
      }
      let index = keyIndex.get(node);
      if (!index) {
        index = new Map(Object.keys(node).map((k, n) => [k, n]));
        keyIndex.set(node, index);
      }
      i = index.get(String(step));
      if (i === undefined) break;
      keyStart = places.offsets[first + 2 * i]!;
      start = places.offsets[first + 2 * i + 1]!;
      node = (node as Record<string, unknown>)[String(step)];
    }
    const key = options.key === true && keyStart >= 0;
    start = key ? keyStart : blockStart(source, start);
    const end = source.indexOf("\n", start);
    let line = source.slice(start, end < 0 ? source.length : end).trimEnd();
    // A key is its own text: up to its closing quote, or its `: `; so is a quoted value.
    const own = key
      ? /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|.*?(?=:(?:\s|$)))/.exec(line)
      : /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')/.exec(line);
    if (own) line = own[0];
    if (options.token !== undefined && !key) {
      const found = line.indexOf(options.token);
      if (found >= 0) return at(start + found, options.token.length);
    }
    return { ...at(start), length: Math.max(1, line.length) };
  };
}

/** A block scalar (`|`, `>-`) is its content: its first line, past the indicator's. */
function blockStart(source: string, start: number): number {
  if (source[start] !== "|" && source[start] !== ">") return start;
  const end = source.indexOf("\n", start);
  return end < 0 ? start : contentStart(source, end + 1);
}
