import * as jsYaml from "js-yaml";
import {
  isMap,
  isNode,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Node,
} from "yaml";
import type { Diagnostic } from "../diagnostics.js";
import {
  blockDepthPast,
  colonFarIntoLine,
  declines,
  flowAcrossLines,
  lineIndex,
  moreIndentedLeadingBlank,
  nestingDepth,
} from "./scans.js";
import {
  checkedDepth,
  deeperThan,
  deepestPath,
} from "../validate/value-walks.js";

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

/**
 * The yaml library's bound on alias uses times the size of what they copy: an "alias bomb"
 * trips it within a few levels, while a schema anchored once and reused by every tool of a
 * large spec (hundreds of uses) stays well below it.
 */
const MAX_ALIAS_COUNT = 10_000;
/** Deeper nesting than this is refused before anything recurses over it. */
export const MAX_DEPTH = 64;
/**
 * Block nesting (by indentation) the pre-scan lets through to the recursive parser: twice
 * MAX_DEPTH, so no valid spec is refused by the estimate, and far below what overflows the stack
 * (about 900 levels). What passes is measured exactly afterwards against MAX_DEPTH.
 */
const MAX_BLOCK_INDENTS = 2 * MAX_DEPTH;
/** The core schema's tags; anything else (!!binary, !!set, !custom) is not a plain value. */
const CORE_TAGS = new Set(
  ["str", "int", "float", "bool", "null", "map", "seq"].map(
    (t) => `tag:yaml.org,2002:${t}`,
  ),
);

export type ParseResult =
  { ok: true; spec: ParsedSpec } | { ok: false; diagnostics: Diagnostic[] };

export function parseSpec(
  file: string,
  text: string,
  options: { fast?: boolean } = {},
): ParseResult {
  // YAML 1.2 counts a lone CR as a line break, the yaml library does not: same offsets, LF instead.
  // Most specs hold no CR at all: includes() tells so faster than the replace's regex scan.
  const unmarked = text.startsWith("\ufeff") ? text.slice(1) : text;
  const source = unmarked.includes("\r")
    ? unmarked.replace(/\r(?!\n)/g, "\n")
    : unmarked;
  const at = lineIndex(source);
  const fail = (message: string, place?: Place): ParseResult => ({
    ok: false,
    diagnostics: [{ severity: "error", message, file, ...place }],
  });

  const depth = nestingDepth(source);
  if (depth.depth > MAX_DEPTH) {
    return fail(`nesting deeper than ${MAX_DEPTH} levels`, at(depth.offset));
  }
  const blockPast = blockDepthPast(source, MAX_DEPTH, MAX_BLOCK_INDENTS);
  if (blockPast >= 0)
    return fail(`nesting deeper than ${MAX_DEPTH} levels`, at(blockPast));

  // The common case (plain YAML, no anchors, tags, directives or complex keys) is read by js-yaml,
  // many times faster; the positioned document is built only when a place is asked for.
  const fast = options.fast === false ? undefined : readFast(source);
  if (fast) {
    let positioned: Document | undefined;
    const locateFast = (
      path: JsonPath,
      locateOptions?: { key?: boolean },
    ): Place =>
      locateIn(
        (positioned ??= readDocument(source)),
        source,
        at,
        path,
        locateOptions,
      );
    if (fast.depth > MAX_DEPTH)
      return fail(
        `nesting deeper than ${MAX_DEPTH} levels`,
        locateFast(deepestPath(fast.value, MAX_DEPTH)),
      );
    return {
      ok: true,
      spec: { file, source, value: fast.value, locate: locateFast },
    };
  }

  let doc;
  try {
    doc = readDocument(source);
  } catch (e) {
    if (e instanceof RangeError)
      return fail("the YAML is nested too deeply to read");
    throw e;
  }
  // One syntax error sets off a cascade of follow-on errors: report the first, plus
  // the errors that stand on their own (duplicate keys, tabs, tags) everywhere.
  const standalone = new Set([
    "DUPLICATE_KEY",
    "TAB_AS_INDENT",
    "TAG_RESOLVE_FAILED",
    "BAD_ALIAS",
    "MULTIPLE_ANCHORS",
  ]);
  // A tab used as indentation derails the parser: what it says next is about the tab, not the spec.
  const tabbed = doc.errors.some((e) => e.code === "TAB_AS_INDENT");
  const syntax = tabbed
    ? []
    : doc.errors.filter((e) => !standalone.has(e.code));
  const problems = [
    ...doc.errors.filter((e) => standalone.has(e.code)),
    ...syntax.slice(0, 1),
    ...doc.warnings,
  ];
  if (problems.length > 0) {
    return {
      ok: false,
      diagnostics: problems.map((p) => {
        // The parser notices a missing closing quote at the end of the file: point at the opening one.
        const open =
          p.code === "MISSING_CHAR" && /quote/i.test(p.message)
            ? unclosedQuote(source)
            : -1;
        return {
          severity: "error" as const,
          message:
            open >= 0
              ? `this ${source[open] === '"' ? "double" : "single"}-quoted string is never closed`
              : yamlMessage(p.code, p.message),
          file,
          ...(open >= 0
            ? at(open, 1)
            : at(p.pos[0], Math.max(1, p.pos[1] - p.pos[0]))),
        };
      }),
    };
  }
  if (doc.contents === null)
    return fail("the spec is empty", { line: 1, col: 1, length: 1 });
  const tags = unknownTags(doc);
  if (tags.length > 0) {
    return {
      ok: false,
      diagnostics: tags.map((t) => ({
        severity: "error" as const,
        message: tagMessage(t.tag),
        file,
        ...at(t.offset, t.tag.length),
      })),
    };
  }

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    const unresolved =
      e instanceof Error
        ? /unresolved alias.*?:\s*(\S+)\s*$/i.exec(e.message)
        : null;
    if (unresolved) {
      const name = unresolved[1]!;
      return fail(
        `the alias *${name} comes before its anchor &${name} (or there is none): an anchor must be set before it is used`,
        at(firstAlias(doc, name), name.length + 1),
      );
    }
    if (
      e instanceof ReferenceError ||
      (e instanceof Error && /alias/i.test(e.message))
    ) {
      return fail(
        `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}); write the values out`,
        at(firstAlias(doc), 1),
      );
    }
    throw e;
  }

  const locate = (path: JsonPath, locateOptions?: { key?: boolean }): Place =>
    locateIn(doc, source, at, path, locateOptions);

  if (deeperThan(value, MAX_DEPTH))
    return fail(
      `nesting deeper than ${MAX_DEPTH} levels`,
      locate(deepestPath(value, MAX_DEPTH)),
    );

  return { ok: true, spec: { file, source, value, locate } };
}

/** Where the value at `path` is written in the positioned document. */
function locateIn(
  doc: Document,
  source: string,
  at: (offset: number, length?: number) => Place,
  path: JsonPath,
  options: { key?: boolean } = {},
): Place {
  let node: unknown = doc.contents;
  let keyNode: unknown;
  let last: Node | undefined = isNode(node) ? node : undefined;
  for (const step of path) {
    keyNode = undefined;
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => (isScalar(p.key) ? String(p.key.value) : p.key) === String(step),
      );
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
}

/** The yaml library's positioned document, read with the options every diagnostic relies on. */
function readDocument(source: string): Document {
  return parseDocument(source, {
    prettyErrors: false,
    uniqueKeys: true,
    strict: true,
    version: "1.2",
    schema: "core",
    stringKeys: true,
  });
}

/**
 * Whether a plain scalar may be a number, by its first character: js-yaml asks every type of
 * every scalar, keys included, and most are words that need no regex run.
 */
function startsLikeNumber(s: string): boolean {
  const c = s.charCodeAt(0);
  return (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
}
// Each type's patterns joined into one regex, compiled once: a regex literal inside the resolver
// would be a new object on every call, and js-yaml calls it for every plain scalar.
const CORE_INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const CORE_FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const CORE_FLOAT =
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/;
/** YAML 1.2 core integers, resolved exactly as the yaml library's core schema resolves them. */
const coreInt = new jsYaml.Type("tag:yaml.org,2002:int", {
  kind: "scalar",
  resolve: (s: string) => startsLikeNumber(s) && CORE_INT.test(s),
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
  resolve: (s: string) => startsLikeNumber(s) && CORE_FLOAT.test(s),
  construct: (s: string) =>
    CORE_FLOAT_SPECIAL.test(s)
      ? s.slice(-3).toLowerCase() === "nan"
        ? NaN
        : s[0] === "-"
          ? Number.NEGATIVE_INFINITY
          : Number.POSITIVE_INFINITY
      : parseFloat(s),
});
/** js-yaml's own null and bool match the core schema's; its `types` export is missing from @types/js-yaml. */
const fastTypes = (
  jsYaml as unknown as { types: Record<"null" | "bool", jsYaml.Type> }
).types;
const FAST_SCHEMA = jsYaml.FAILSAFE_SCHEMA.extend({
  implicit: [fastTypes.null, fastTypes.bool, coreInt, coreFloat],
});

/** Keys js-yaml may have made from a number, boolean or null (the yaml library keeps their text). */
const CONVERTED_KEY = /^(?:-?[0-9]|NaN$|-?Infinity$|true$|false$|null$)/;
/** A line that ends with a `- ` holding no value (a comment aside): an empty list entry. */
const EMPTY_ENTRY = /^[ ]*(?:-[ ]+)*-(?:[ ]+#.*)?[ ]*\r?$/m;
/** Longer keys may have been written too far from their indicator for the yaml library. */
const MAX_FAST_KEY = 64;

/**
 * The spec's value read by js-yaml, with its depth (the longest path's length), or undefined when
 * the yaml library must read it: on any js-yaml error, on text it might read differently, and on
 * anchors and aliases.
 */
export function readFast(
  source: string,
): { value: unknown; depth: number } | undefined {
  if (declines(source)) return undefined;
  // An implicit key ends more than 1024 characters into a line only on a line that long.
  if (colonFarIntoLine(source, 1000)) return undefined;
  // A document whose first content is indented: the yaml library holds later lines to that indentation.
  if (/^(?:[ \t]*(?:#.*)?\r?\n)*[ \t]+[^\s#]/.test(source)) return undefined;
  if (moreIndentedLeadingBlank(source) || flowAcrossLines(source))
    return undefined;
  // An empty list entry: js-yaml reads the next, less indented entry into its list ("- -\n- a").
  if (EMPTY_ENTRY.test(source)) return undefined;
  let anchored = false;
  const noticeAnchor = (event: jsYaml.EventType, state: jsYaml.State) => {
    if (
      event === "close" &&
      (state as unknown as { anchor: string | null }).anchor !== null
    )
      anchored = true;
  };
  let value: unknown;
  try {
    // Every anchor starts with &: without one in the text, js-yaml need not call back for every node.
    value = jsYaml.load(source, {
      schema: FAST_SCHEMA,
      ...(source.includes("&") ? { listener: noticeAnchor } : {}),
    });
  } catch {
    return undefined;
  }
  if (anchored || value === undefined || value === null) return undefined;
  // One walk: the keys js-yaml may have read otherwise, a shared object (an alias slipped through), and the depth.
  const depth = checkedDepth(value, refusedKey);
  return depth < 0 ? undefined : { value, depth };
}

/** A key js-yaml may have made from a number, boolean or null, or written too far from its indicator. */
function refusedKey(key: string): boolean {
  return key.length > MAX_FAST_KEY || CONVERTED_KEY.test(key);
}

/** The yaml library's codes, said the way a spec author thinks of them. */
function yamlMessage(code: string, message: string): string {
  const first = message
    .split("\n", 1)[0]!
    .replace(/ at line \d+, column \d+:?$/, "");
  switch (code) {
    case "DUPLICATE_KEY":
      return "duplicate key: each key may appear once in a mapping";
    case "TAB_AS_INDENT":
      return "a tab is used for indentation; YAML indents with spaces";
    case "MULTIPLE_DOCS":
      return "the spec holds more than one YAML document: remove the '---' line and what follows it, or merge the two";
    case "BLOCK_AS_IMPLICIT_KEY":
      // Almost always a plain value holding ': ' (short: Read: a note.), or the next key indented too deep.
      return /nested mappings/i.test(first)
        ? `this value holds ': ', or the line after it is indented deeper than its key: quote such a value ("Read: a note."), or indent the next key as this one`
        : first.charAt(0).toLowerCase() + first.slice(1);
    case "NON_STRING_KEY":
      return "a key must be a plain string, not a list or a mapping";
    case "TAG_RESOLVE_FAILED":
      return tagMessage(first.replace(/^Unresolved tag:\s*/i, ""));
    default:
      return first.charAt(0).toLowerCase() + first.slice(1);
  }
}

/** The offset of the document's first alias (of `name`, when given): where an expansion starts. */
function firstAlias(doc: Document, name?: string): number {
  let offset = 0;
  visit(doc, {
    Alias(_key, node) {
      if (name !== undefined && node.source !== name) return undefined;
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

/** The offset of the first quote that opens a scalar and is never closed, or -1. */
function unclosedQuote(text: string): number {
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") lineStart = i + 1;
    else if (c === "#" && (i === lineStart || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end - 1;
    } else if (c === '"' || c === "'") {
      // Only a quote that starts a value opens a quoted scalar; one inside plain text does not.
      const before = text.slice(lineStart, i).trimEnd();
      if (before !== "" && !/[:\-[{,?]$/.test(before)) continue;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (c === '"' && text[j] === "\\") j++;
        else if (text[j] === c && !(c === "'" && text[j + 1] === "'")) break;
        else if (c === "'" && text[j] === "'") j++;
      }
      if (j >= text.length) return i;
      i = j;
    }
  }
  return -1;
}

function tagMessage(tag: string): string {
  return `unknown tag ${tag.replace(/^tag:yaml\.org,2002:/, "!!")}: tools.yaml uses plain YAML values only (strings, numbers, true/false, null, lists, mappings)`;
}

/** Nodes whose explicit tag the core schema lacks, e.g. !!binary, which would otherwise arrive as bytes. */
function unknownTags(doc: Document): { tag: string; offset: number }[] {
  const found: { tag: string; offset: number }[] = [];
  visit(doc, {
    Node(_key, node) {
      if (node.tag && !CORE_TAGS.has(node.tag))
        found.push({ tag: node.tag, offset: node.range?.[0] ?? 0 });
    },
  });
  return found;
}
