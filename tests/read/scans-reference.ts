// The scans and checks of generator/read/parse.ts as they were before faster code replaced them
// (generator/read/scans.ts, value-walks.ts): one JavaScript loop over every character or line,
// plain enough to read as a specification. tests/read/scans.test.ts holds each replacement to its
// reference here; keep both in step.
import * as jsYaml from "js-yaml";
import type { Place } from "../../generator/read/parse.js";

/** The pattern readFast declines text on, as one regex. */
export const DECLINE =
  /^(?:%|---|\.\.\.)|["'\]}]#|(?:^|\s)[|>](?:[-+]?[0-9]|[0-9]?\+)|(?:^|[\s[{,-])\?(?:[ \t\n]|$)|(?:^|[\s[{,:?-])!|\t|\ufeff|[\]}][ ]*:/m;

/** Maps an offset to a 1-based line and column, counting LF, CRLF and lone CR as line ends. */
export function lineIndex(
  text: string,
): (offset: number, length?: number) => Place {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10))
      starts.push(i + 1);
  }
  return (offset, length = 1) => {
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

/** Finds the deepest flow nesting ([ and {) by a cheap scan, before the recursive parser sees the text. */
export function nestingDepth(text: string): { depth: number; offset: number } {
  let flow = 0;
  let maxDepth = 0;
  let offset = 0;
  let lineStart = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      lineStart = i + 1;
      continue;
    }
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "#" && (i === lineStart || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end - 1;
      continue;
    }
    if ((c === '"' || c === "'") && flow > 0) quote = c;
    else if (c === "[" || c === "{") {
      flow++;
      if (flow > maxDepth) {
        maxDepth = flow;
        offset = i;
      }
    } else if (c === "]" || c === "}") flow = Math.max(0, flow - 1);
  }
  return { depth: maxDepth, offset };
}

/**
 * Estimates block nesting from indentation (each deeper indent, and each `- ` opening a list on
 * the same line, is a level), skipping the text of block scalars. Cheap, and no recursion.
 * The offset is the first line estimated deeper than MAX_DEPTH.
 */
export function blockDepth(
  text: string,
  MAX_DEPTH: number,
  MAX_BLOCK_INDENTS: number,
): { depth: number; offset: number } {
  const indents: number[] = [];
  let max = 0;
  let offset = -1;
  let scalarIndent = -1;
  let start = 0;
  for (const line of text.split("\n")) {
    const lineStart = start;
    start += line.length + 1;
    const body = line.trimStart();
    const indent = line.length - body.length;
    if (body.trimEnd() === "" || body.startsWith("#")) continue;
    if (scalarIndent >= 0) {
      if (indent > scalarIndent) continue;
      scalarIndent = -1;
    }
    while (indents.length > 0 && indents[indents.length - 1]! >= indent)
      indents.pop();
    indents.push(indent);
    const dashes =
      /^(?:-[ \t]+)+/.exec(body)?.[0].replace(/[ \t]/g, "").length ?? 0;
    max = Math.max(max, indents.length + dashes);
    // Point at the first line past the real limit; stop once the estimate passes the hard one.
    if (max > MAX_DEPTH && offset < 0) offset = lineStart + indent;
    if (max > MAX_BLOCK_INDENTS) break;
    if (/(?:^|[\s:])[|>][-+0-9]*\s*(?:#.*)?$/.test(body)) scalarIndent = indent;
  }
  return { depth: max, offset };
}

/**
 * True when a flow collection ([ or {) may stay open across a line break, or a quoted scalar
 * goes on in a line indented no deeper than the line it opened in: there the yaml library checks
 * indentation that js-yaml does not. Errs towards true.
 */
export function flowAcrossLines(source: string): boolean {
  let flow = 0;
  let quote = "";
  /** While a block-context quoted scalar spans lines: the column its continuation lines must pass. */
  let column = -1;
  let lineStart = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\n") {
      if (flow > 0) return true;
      lineStart = i + 1;
      if (quote !== "") {
        const end = source.indexOf("\n", lineStart);
        const line = source.slice(lineStart, end < 0 ? source.length : end);
        const body = line.trimStart();
        if (body.trim() !== "" && line.length - body.length <= column)
          return true;
      }
    } else if (quote !== "") {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = "";
    } else if (flow > 0) {
      if (c === '"' || c === "'") quote = c;
      else if (c === "[" || c === "{") flow++;
      else if (c === "]" || c === "}") flow--;
    } else if (
      (c === "[" || c === "{" || c === '"' || c === "'") &&
      /(?:^|[:?-])$/.test(source.slice(lineStart, i).trimEnd())
    ) {
      if (c === "[" || c === "{") flow = 1;
      else {
        quote = c;
        const line = source.slice(lineStart, i);
        column = /^[ ]*(?:-[ ]+)*/.exec(line)![0].length;
      }
    }
  }
  return flow > 0 || quote !== "";
}

/**
 * True when a block scalar starts with a blank line longer than its first line's indentation:
 * the yaml library asks for an indentation indicator there, js-yaml reads on.
 */
export function moreIndentedLeadingBlank(source: string): boolean {
  const header = /(?:^|\s)[|>][-+]?[ ]*(?:#.*)?\r?$/gm;
  for (let m = header.exec(source); m; m = header.exec(source)) {
    let start = source.indexOf("\n", m.index + m[0].length);
    let blank = 0;
    while (start >= 0) {
      const end = source.indexOf("\n", start + 1);
      const line = source
        .slice(start + 1, end < 0 ? source.length : end)
        .replace(/\r$/, "");
      const indent = line.length - line.trimStart().length;
      if (line.trim() !== "") {
        if (blank > indent) return true;
        break;
      }
      blank = Math.max(blank, line.length);
      start = end;
    }
  }
  return false;
}

/** The path to one of the deepest values, found without recursion. */
export function deepestPath(
  root: unknown,
  MAX_DEPTH: number,
): (string | number)[] {
  let best: (string | number)[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [
    { value: root, path: [] },
  ];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > best.length) best = path;
    if (path.length > MAX_DEPTH) continue;
    if (Array.isArray(value))
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    else if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value))
        stack.push({ value: v, path: [...path, k] });
  }
  return best;
}

/**
 * readFast's walk over js-yaml's value: whether it hands the text to the yaml library (a refused
 * key, or an object reached twice). Its depth came from deepestPath, a second walk.
 */
export function walkRefuses(
  value: unknown,
  refuseKey: (key: string) => boolean,
): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (seen.has(v)) return true;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else {
      for (const [k, item] of Object.entries(v)) {
        if (refuseKey(k)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** YAML 1.2 core integers, resolved exactly as the yaml library's core schema resolves them. */
const coreInt = new jsYaml.Type("tag:yaml.org,2002:int", {
  kind: "scalar",
  resolve: (s: string) =>
    /^[-+]?[0-9]+$/.test(s) ||
    /^0o[0-7]+$/.test(s) ||
    /^0x[0-9a-fA-F]+$/.test(s),
  construct: (s: string) =>
    s.startsWith("0o")
      ? parseInt(s.substring(2), 8)
      : s.startsWith("0x")
        ? parseInt(s.substring(2), 16)
        : parseInt(s, 10),
});
/** YAML 1.2 core floats, as the yaml library's core schema reads them. */
const coreFloat = new jsYaml.Type("tag:yaml.org,2002:float", {
  kind: "scalar",
  resolve: (s: string) =>
    /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(s) ||
    /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(s) ||
    /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(s),
  construct: (s: string) =>
    /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(s)
      ? s.slice(-3).toLowerCase() === "nan"
        ? NaN
        : s[0] === "-"
          ? Number.NEGATIVE_INFINITY
          : Number.POSITIVE_INFINITY
      : parseFloat(s),
});
const fastTypes = (
  jsYaml as unknown as { types: Record<"null" | "bool", jsYaml.Type> }
).types;
/** The schema readFast gave js-yaml. */
export const FAST_SCHEMA = jsYaml.FAILSAFE_SCHEMA.extend({
  implicit: [fastTypes.null, fastTypes.bool, coreInt, coreFloat],
});

/** readFast's check for a colon 1,000 or more characters into a line, line by line. */
export function colonFarIntoLine(source: string): boolean {
  for (let start = 0; start < source.length;) {
    const end = source.indexOf("\n", start);
    const stop = end < 0 ? source.length : end;
    if (stop - start > 1000) {
      const colon = source.indexOf(":", start + 1000);
      if (colon >= 0 && colon < stop) return true;
    }
    start = stop + 1;
  }
  return false;
}
