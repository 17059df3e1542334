/**
 * Sets of Unicode code points as sorted, disjoint, non-adjacent inclusive ranges: what a
 * character class of an ECMAScript `u`-mode pattern matches, one code point at a time.
 */
export type Range = readonly [lo: number, hi: number];
export type CodePointSet = readonly Range[];

export const MAX_CODE_POINT = 0x10ffff;

/** The ranges sorted, overlapping and adjacent ones merged. */
export function normalize(ranges: readonly Range[]): CodePointSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** Every code point the set does not hold. */
export function complement(set: CodePointSet): CodePointSet {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const c = (s: string): number => s.codePointAt(0)!;

/** `\d`: the ASCII digits only, in every mode without the `i` flag. */
export const DIGITS: CodePointSet = [[c("0"), c("9")]];

/** `\w`: ASCII letters, digits and `_` (wider only under both `u` and `i`, which schemas never set). */
export const WORD: CodePointSet = normalize([
  [c("0"), c("9")],
  [c("A"), c("Z")],
  [c("_"), c("_")],
  [c("a"), c("z")],
]);

/**
 * `\s`: ECMAScript's WhiteSpace and LineTerminator: tab, line feed, vertical tab, form feed,
 * carriage return, the Unicode space separators (Zs), U+2028, U+2029 and U+FEFF.
 */
export const SPACE: CodePointSet = normalize([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);

/** What `.` does not match without the `s` flag: the line terminators. */
export const LINE_TERMINATORS: CodePointSet = normalize([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

/**
 * The code points a `\p{…}` or `\P{…}` escape (`escape` without its backslash) matches in this
 * JavaScript's Unicode tables, asked of V8 itself; each property once per process.
 */
export function propertySet(escape: string): CodePointSet {
  let set = properties.get(escape);
  if (set === undefined) {
    const re = new RegExp(`^\\${escape}$`, "u");
    const ranges: Range[] = [];
    for (let cp = 0; cp <= MAX_CODE_POINT; cp++)
      if (re.test(String.fromCodePoint(cp))) ranges.push([cp, cp]);
    set = normalize(ranges);
    properties.set(escape, set);
  }
  return set;
}

const properties = new Map<string, CodePointSet>();
