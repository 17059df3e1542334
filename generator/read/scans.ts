import type { Place } from "./parse.js";

// Cheap scans of the spec's text, run before (or instead of) a YAML reader. The text of a large
// spec is over a megabyte: each scan jumps between the few characters it cares about (a global
// RegExp's lastIndex, or indexOf) instead of visiting every character in JavaScript, and slices
// strings only around the rare characters that need a closer look. tests/read/scans-reference.ts
// keeps the plain loops they replaced, and tests/read/scans.test.ts holds each scan to its reference.

const LF = 0x0a;
const HASH = 0x23;
const DASH = 0x2d;
const SPACE = 0x20;
const TAB = 0x09;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const BACKSLASH = 0x5c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const PERCENT = 0x25;
const PERIOD = 0x2e;
const COLON = 0x3a;
const PLUS = 0x2b;
const COMMA = 0x2c;
const QUESTION = 0x3f;
const BANG = 0x21;
const PIPE = 0x7c;
const GREATER = 0x3e;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const BOM = 0xfeff;

/**
 * Whether a UTF-16 code unit is white space as JavaScript's trim() and /\s/ see it: the scans
 * replace code that trimmed lines or tested /\s/, and must draw the line in the same place.
 */
export function isSpace(code: number): boolean {
  if (code <= SPACE) return code === SPACE || (code >= TAB && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

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
  const lineEnd = /\n|\r(?!\n)/g;
  while (lineEnd.test(text)) starts.push(lineEnd.lastIndex);
  return starts;
}

/**
 * Finds the deepest flow nesting ([ and {) by a cheap scan, before the recursive parser sees the text.
 * Comments (a # at a line's start or after white space) are skipped, and so are quoted strings
 * inside a flow collection (up to the same quote, escapes unread). Outside one, quotes are not
 * looked at and brackets in any scalar count: an estimate that errs towards deeper.
 */
export function nestingDepth(text: string): { depth: number; offset: number } {
  const outsideFlow = /[#[\]{}]/g;
  const insideFlow = /[#[\]{}"']/g;
  let flow = 0;
  let maxDepth = 0;
  let offset = 0;
  for (let from = 0; from < text.length;) {
    const next = flow > 0 ? insideFlow : outsideFlow;
    next.lastIndex = from;
    if (!next.test(text)) break;
    const at = next.lastIndex - 1;
    const c = text.charCodeAt(at);
    from = at + 1;
    if (c === HASH) {
      if (at === 0 || isSpace(text.charCodeAt(at - 1))) {
        const end = text.indexOf("\n", at);
        if (end < 0) break;
        from = end;
      }
    } else if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      const close = text.indexOf(c === DOUBLE_QUOTE ? '"' : "'", from);
      if (close < 0) break;
      from = close + 1;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      flow++;
      if (flow > maxDepth) {
        maxDepth = flow;
        offset = at;
      }
    } else if (flow > 0) flow--;
  }
  return { depth: maxDepth, offset };
}

/** A line (trimmed at its start) that opens a block scalar: its more indented lines that follow are text. */
const BLOCK_SCALAR_HEADER = /(?:^|[\s:])[|>][-+0-9]*\s*(?:#.*)?$/;

/**
 * Estimates block nesting from indentation (each deeper indent, and each `- ` opening a list on
 * the same line, is a level), skipping the text of block scalars. Cheap, and no recursion.
 * The offset is the first line estimated deeper than `limit`; the scan stops past `hardLimit`.
 */
export function blockDepth(
  text: string,
  limit: number,
  hardLimit: number,
): { depth: number; offset: number } {
  const indents: number[] = [];
  let max = 0;
  let offset = -1;
  let scalarIndent = -1;
  // Only a line with a | or > can be a block scalar's header: where the next one is.
  const headerMark = /[|>]/g;
  let nextMark = -1;
  for (let lineStart = 0; lineStart <= text.length;) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const first = firstNonSpace(text, lineStart, lineEnd);
    const indent = first - lineStart;
    lineStart = lineEnd + 1;
    if (first === lineEnd || text.charCodeAt(first) === HASH) continue;
    if (scalarIndent >= 0) {
      if (indent > scalarIndent) continue;
      scalarIndent = -1;
    }
    while (indents.length > 0 && indents[indents.length - 1]! >= indent)
      indents.pop();
    indents.push(indent);
    const dashes =
      text.charCodeAt(first) === DASH ? leadingDashes(text, first, lineEnd) : 0;
    max = Math.max(max, indents.length + dashes);
    // Point at the first line past the real limit; stop once the estimate passes the hard one.
    if (max > limit && offset < 0) offset = first;
    if (max > hardLimit) break;
    if (nextMark < first) {
      headerMark.lastIndex = first;
      nextMark = headerMark.test(text) ? headerMark.lastIndex - 1 : Infinity;
    }
    if (
      nextMark < lineEnd &&
      BLOCK_SCALAR_HEADER.test(text.slice(first, lineEnd))
    )
      scalarIndent = indent;
  }
  return { depth: max, offset };
}

/**
 * The offset blockDepth gives when its estimate passes `hardLimit`, or -1 when it does not.
 * Most texts are cleared by one regex instead of blockDepth's walk over every line: the indents
 * it stacks strictly increase from 0, so the estimate is at most the widest indentation + 1, plus
 * the most `- `s opening one line. Lines indented less than `wide` with fewer than `dashes` `- `s
 * keep it within wide - 1 + 1 + dashes - 1 = hardLimit.
 */
export function blockDepthPast(
  text: string,
  limit: number,
  hardLimit: number,
): number {
  const wide = Math.floor((hardLimit + 1) / 2);
  const dashes = hardLimit + 1 - wide;
  const mayPass = new RegExp(
    `(?:^|\\n)(?:[^\\S\\n]{${wide}}|[^\\S\\n]*(?:-[ \\t]+){${dashes}})`,
  );
  if (!mayPass.test(text)) return -1;
  const block = blockDepth(text, limit, hardLimit);
  return block.depth > hardLimit ? block.offset : -1;
}

/** The offset of the first character in [from, to) that is not white space, or `to`. */
function firstNonSpace(text: string, from: number, to: number): number {
  let i = from;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    // Indentation is nearly always spaces: spare the full test for them.
    if (c !== SPACE && !isSpace(c)) break;
  }
  return i;
}

/** How many `- ` (a dash, then spaces or tabs) open the text at `from`, before `to`. */
function leadingDashes(text: string, from: number, to: number): number {
  let dashes = 0;
  let i = from;
  while (i < to && text.charCodeAt(i) === DASH) {
    let after = i + 1;
    while (
      after < to &&
      (text.charCodeAt(after) === SPACE || text.charCodeAt(after) === TAB)
    )
      after++;
    if (after === i + 1) break;
    dashes++;
    i = after;
  }
  return dashes;
}

/**
 * True when a flow collection ([ or {) may stay open across a line break, or a quoted scalar
 * goes on in a line indented no deeper than the line it opened in: there the yaml library checks
 * indentation that js-yaml does not. Errs towards true.
 *
 * Outside collections and quotes only an opening [, {, " or ' matters, and the start of its line
 * is looked up then; inside, the line breaks and the characters that close.
 */
export function flowAcrossLines(source: string): boolean {
  const opening = /[[{"']/g;
  const inFlow = /[\n"'[\]{}]/g;
  const inDoubleQuote = /[\n\\"]/g;
  const inSingleQuote = /[\n']/g;
  let flow = 0;
  let quote = 0;
  /** While a block-context quoted scalar spans lines: the column its continuation lines must pass. */
  let column = -1;
  let lineStart = 0;
  for (let from = 0; from < source.length;) {
    const next =
      quote === DOUBLE_QUOTE
        ? inDoubleQuote
        : quote === SINGLE_QUOTE
          ? inSingleQuote
          : flow > 0
            ? inFlow
            : opening;
    next.lastIndex = from;
    if (!next.test(source)) break;
    const at = next.lastIndex - 1;
    const c = source.charCodeAt(at);
    if (next === opening) {
      // Every line break since `from` was passed over: the last one starts this line.
      const newline = at > from ? source.lastIndexOf("\n", at - 1) : -1;
      if (newline >= from) lineStart = newline + 1;
    }
    from = at + 1;
    if (c === LF) {
      if (flow > 0) return true;
      lineStart = at + 1;
      if (quote !== 0) {
        const end = source.indexOf("\n", lineStart);
        const lineEnd = end < 0 ? source.length : end;
        const first = firstNonSpace(source, lineStart, lineEnd);
        if (first < lineEnd && first - lineStart <= column) return true;
      }
    } else if (quote !== 0) {
      // An escaped character is passed over, even a line break.
      if (c === BACKSLASH) from++;
      else quote = 0;
    } else if (flow > 0) {
      if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) quote = c;
      else if (c === OPEN_BRACKET || c === OPEN_BRACE) flow++;
      else flow--;
    } else if (opensValue(source, lineStart, at)) {
      if (c === OPEN_BRACKET || c === OPEN_BRACE) flow = 1;
      else {
        quote = c;
        const line = source.slice(lineStart, at);
        column = /^[ ]*(?:-[ ]+)*/.exec(line)![0].length;
      }
    }
  }
  return flow > 0 || quote !== 0;
}

/**
 * Whether some line holds a colon `far` or more characters in (where an implicit key may end
 * past what the yaml library allows). Rather than finding every line's end, it jumps a window at
 * a time: a line break within `far` of a line's start clears every line that starts before it.
 */
export function colonFarIntoLine(source: string, far: number): boolean {
  for (let start = 0; start + far < source.length;) {
    const lastBreak = source.lastIndexOf("\n", start + far);
    if (lastBreak >= start) {
      start = lastBreak + 1;
      continue;
    }
    const end = source.indexOf("\n", start);
    const stop = end < 0 ? source.length : end;
    const colon = source.indexOf(":", start + far);
    if (colon >= 0 && colon < stop) return true;
    start = stop + 1;
  }
  return false;
}

/**
 * Whether a quote or bracket at `at` opens a value: what comes before it on its line, white space
 * aside, is nothing or ends with `:`, `?` or `-` (as /(?:^|[:?-])$/ sees the trimmed text).
 */
function opensValue(source: string, lineStart: number, at: number): boolean {
  let last = at - 1;
  while (last >= lineStart && isSpace(source.charCodeAt(last))) last--;
  if (last < lineStart) return true;
  const c = source.charCodeAt(last);
  return c === COLON || c === QUESTION || c === DASH;
}

/**
 * True when a block scalar starts with a blank line longer than its first line's indentation:
 * the yaml library asks for an indentation indicator there, js-yaml reads on.
 *
 * A header is a | or > at a line's start or after white space, then what the rest of its line
 * may hold: the scan jumps between the |s and >s and reads on only after those.
 */
export function moreIndentedLeadingBlank(source: string): boolean {
  const mark = /[|>]/g;
  const restOfHeader = /[-+]?[ ]*(?:#.*)?\r?$/my;
  for (let from = 0; mark.test(source);) {
    const at = mark.lastIndex - 1;
    if (at < from || !(at === 0 || isSpace(source.charCodeAt(at - 1))))
      continue;
    restOfHeader.lastIndex = at + 1;
    if (!restOfHeader.test(source)) continue;
    from = restOfHeader.lastIndex;
    mark.lastIndex = from;
    if (startsWithLongerBlank(source, from)) return true;
  }
  return false;
}

/** Whether the block scalar whose header ends at `headerEnd` starts with a blank line longer than its first line's indentation. */
function startsWithLongerBlank(source: string, headerEnd: number): boolean {
  let start = source.indexOf("\n", headerEnd);
  let blank = 0;
  while (start >= 0) {
    const end = source.indexOf("\n", start + 1);
    const line = source
      .slice(start + 1, end < 0 ? source.length : end)
      .replace(/\r$/, "");
    const indent = line.length - line.trimStart().length;
    if (line.trim() !== "") return blank > indent;
    blank = Math.max(blank, line.length);
    start = end;
  }
  return false;
}

/**
 * Where the text may hold something the fast reader leaves to the yaml library: a character that
 * starts one of `declines`'s patterns, or a line that starts with a directive or document marker.
 */
const DECLINE_MARK = /[#|>?!\t\ufeff\]}]|[\n\r\u2028\u2029](?:%|---|\.\.\.)/g;

/**
 * Text the fast reader leaves to the yaml library, where the two readers were seen to differ or
 * might: directives and document markers, a comment right after a quote or a bracket, block
 * scalars with an indentation indicator or kept trailing lines (`|+`: the two readers keep
 * different blank lines at the end of the text), complex keys (`? `), tags, tabs, stray byte-order marks,
 * and flow collections used as keys. Each errs towards declining: prose may trip it, costing time only.
 *
 * As one regex (tests/read/scans-reference.ts), tried at every character:
 * /^(?:%|---|\.\.\.)|["'\]}]#|(?:^|\s)[|>](?:[-+]?[0-9]|[0-9]?\+)|(?:^|[\s[{,-])\?(?:[ \t\n]|$)|(?:^|[\s[{,:?-])!|\t|\ufeff|[\]}][ ]*:/m
 * Here only the characters that start a pattern are stopped at, and their neighbours looked at.
 */
export function declines(source: string): boolean {
  if (/^(?:%|---|\.\.\.)/.test(source)) return true;
  DECLINE_MARK.lastIndex = 0;
  while (DECLINE_MARK.test(source)) {
    const at = DECLINE_MARK.lastIndex - 1;
    const c = source.charCodeAt(at);
    const before = at === 0 ? -1 : source.charCodeAt(at - 1);
    /** At a line's start (as ^ sees it: line ends are white space) or after white space. */
    const afterSpace = before < 0 || isSpace(before);
    switch (c) {
      case PERCENT:
      case DASH:
      case PERIOD: // the end of a directive or marker at a line's start
      case TAB:
      case BOM:
        return true;
      case HASH:
        if (
          before === DOUBLE_QUOTE ||
          before === SINGLE_QUOTE ||
          before === CLOSE_BRACKET ||
          before === CLOSE_BRACE
        )
          return true;
        break;
      case PIPE:
      case GREATER:
        if (
          afterSpace &&
          (indentationIndicator(source, at + 1) ||
            keepsTrailingLines(source, at + 1))
        )
          return true;
        break;
      case QUESTION:
        if (
          (afterSpace ||
            before === OPEN_BRACKET ||
            before === OPEN_BRACE ||
            before === COMMA ||
            before === DASH) &&
          separatedAfter(source, at + 1)
        )
          return true;
        break;
      case BANG:
        if (
          afterSpace ||
          before === OPEN_BRACKET ||
          before === OPEN_BRACE ||
          before === COMMA ||
          before === COLON ||
          before === QUESTION ||
          before === DASH
        )
          return true;
        break;
      default: {
        // ] or }, then spaces and a colon: a flow collection used as a key.
        let next = at + 1;
        while (source.charCodeAt(next) === SPACE) next++;
        if (source.charCodeAt(next) === COLON) return true;
      }
    }
  }
  return false;
}

/** Whether a block scalar header's rest at `from` holds an indentation indicator: [-+]?[0-9]. */
function indentationIndicator(source: string, from: number): boolean {
  const c = source.charCodeAt(from);
  const digit = c === DASH || c === PLUS ? source.charCodeAt(from + 1) : c;
  return digit >= 0x30 && digit <= 0x39;
}

/** Whether a block scalar header's rest at `from` asks to keep trailing lines: [0-9]?\+. */
function keepsTrailingLines(source: string, from: number): boolean {
  const c = source.charCodeAt(from);
  return (
    c === PLUS ||
    (c >= 0x30 && c <= 0x39 && source.charCodeAt(from + 1) === PLUS)
  );
}

/** Whether `from` is the text's end, or holds a space, a tab or a line end (as /(?:[ \t\n]|$)/m sees it). */
function separatedAfter(source: string, from: number): boolean {
  if (from >= source.length) return true;
  const c = source.charCodeAt(from);
  return (
    c === SPACE ||
    c === TAB ||
    c === LF ||
    c === 0x0d ||
    c === 0x2028 ||
    c === 0x2029
  );
}
