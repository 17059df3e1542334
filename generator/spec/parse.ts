import { isMap, isNode, isScalar, isSeq, parseDocument, type Node } from "yaml";
import type { Diagnostic } from "./diagnostics.js";

export type JsonPath = readonly (string | number)[];

/** A parsed spec: its plain value and a way back from any path to its place in the text. */
export interface ParsedSpec {
  readonly file: string;
  readonly source: string;
  readonly value: unknown;
  /** Where the value at `path` is written; `key: true` points at the key of the last step instead. */
  locate(path: JsonPath, options?: { key?: boolean }): Place;
}

export interface Place {
  readonly line: number;
  readonly col: number;
  readonly length: number;
}

/** Aliases expanded beyond this count are refused: an "alias bomb" cannot exhaust memory. */
const MAX_ALIAS_COUNT = 100;
/** Deeper nesting than this is refused before anything recurses over it. */
export const MAX_DEPTH = 64;

export type ParseResult = { ok: true; spec: ParsedSpec } | { ok: false; diagnostics: Diagnostic[] };

export function parseSpec(file: string, text: string): ParseResult {
  const source = text.startsWith("\ufeff") ? text.slice(1) : text;
  const at = lineIndex(source);
  const fail = (message: string, place?: Place): ParseResult => ({
    ok: false,
    diagnostics: [{ severity: "error", message, file, ...place }],
  });

  const depth = nestingDepth(source);
  if (depth.depth > MAX_DEPTH) {
    return fail(`nesting deeper than ${MAX_DEPTH} levels`, at(depth.offset));
  }

  let doc;
  try {
    doc = parseDocument(source, {
      prettyErrors: false,
      uniqueKeys: true,
      strict: true,
      version: "1.2",
      schema: "core",
      stringKeys: true,
    });
  } catch (e) {
    if (e instanceof RangeError) return fail("the YAML is nested too deeply to read");
    throw e;
  }
  // One syntax error sets off a cascade of follow-on errors: report the first, plus
  // the errors that stand on their own (duplicate keys, tabs, tags) everywhere.
  const standalone = new Set(["DUPLICATE_KEY", "TAB_AS_INDENT", "TAG_RESOLVE_FAILED", "BAD_ALIAS", "MULTIPLE_ANCHORS"]);
  const syntax = doc.errors.filter((e) => !standalone.has(e.code));
  const problems = [...doc.errors.filter((e) => standalone.has(e.code)), ...syntax.slice(0, 1), ...doc.warnings];
  if (problems.length > 0) {
    return {
      ok: false,
      diagnostics: problems.map((p) => ({
        severity: "error" as const,
        message: yamlMessage(p.code, p.message),
        file,
        ...at(p.pos[0], Math.max(1, p.pos[1] - p.pos[0])),
      })),
    };
  }
  if (doc.contents === null) return fail("the spec is empty", { line: 1, col: 1, length: 1 });

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    if (e instanceof ReferenceError || (e instanceof Error && /alias/i.test(e.message))) {
      return fail(`aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}); write the values out`, {
        line: 1,
        col: 1,
        length: 1,
      });
    }
    throw e;
  }

  const locate = (path: JsonPath, options: { key?: boolean } = {}): Place => {
    let node: unknown = doc.contents;
    let keyNode: unknown;
    let last: Node | undefined = isNode(node) ? node : undefined;
    for (const step of path) {
      keyNode = undefined;
      if (isMap(node)) {
        const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : p.key) === String(step));
        if (!pair) break;
        keyNode = pair.key;
        node = pair.value;
      } else if (isSeq(node) && typeof step === "number") {
        node = node.items[step];
      } else break;
      if (isNode(node)) last = node;
      else if (isNode(keyNode)) last = keyNode;
      else break;
    }
    const target = options.key && isNode(keyNode) ? keyNode : last;
    const range = target?.range;
    if (!range) return { line: 1, col: 1, length: 1 };
    const start = at(range[0]);
    const text = source.slice(range[0], range[1]);
    const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
    return { ...start, length: Math.max(1, firstLine.trimEnd().length) };
  };

  const deep = deepestPath(value);
  if (deep.length > MAX_DEPTH) return fail(`nesting deeper than ${MAX_DEPTH} levels`, locate(deep));

  return { ok: true, spec: { file, source, value, locate } };
}

/** The yaml library's codes, said the way a spec author thinks of them. */
function yamlMessage(code: string, message: string): string {
  const first = message.split("\n", 1)[0]!.replace(/ at line \d+, column \d+:?$/, "");
  switch (code) {
    case "DUPLICATE_KEY":
      return "duplicate key: each key may appear once in a mapping";
    case "TAB_AS_INDENT":
      return "a tab is used for indentation; YAML indents with spaces";
    case "TAG_RESOLVE_FAILED":
      return `unknown tag: ${first}; tools.yaml uses plain YAML values only`;
    default:
      return first.charAt(0).toLowerCase() + first.slice(1);
  }
}

/** Finds the deepest flow nesting ([ and {) by a cheap scan, before the recursive parser sees the text. */
function nestingDepth(text: string): { depth: number; offset: number } {
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

/** Maps an offset to a 1-based line and column, counting LF, CRLF and lone CR as line ends. */
function lineIndex(text: string): (offset: number, length?: number) => Place {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
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

/** The path to one of the deepest values, found without recursion. */
function deepestPath(root: unknown): (string | number)[] {
  let best: (string | number)[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > best.length) best = path;
    if (path.length > MAX_DEPTH) continue;
    if (Array.isArray(value)) value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    else if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) stack.push({ value: v, path: [...path, k] });
  }
  return best;
}
