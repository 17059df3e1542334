import type { Document, Node, Pair, Scalar } from "yaml";
import type { Diagnostic } from "../diagnostics/index.js";
import { yamlLibrary } from "../libraries.js";
import type { JsonPath, Place } from "./place.js";

// The reference reader: the yaml library's positioned document. It reads every spec the fast
// reader declines, words every syntax error, and places every value any message points at.

/**
 * The yaml library's bound on alias uses times the size of what they copy: an "alias bomb"
 * trips it within a few levels, while a schema anchored once and reused by every tool of a
 * large spec (hundreds of uses) stays well below it.
 */
const MAX_ALIAS_COUNT = 10_000;
/** The core schema's tags; anything else (!!binary, !!set, !custom) is not a plain value. */
const CORE_TAGS = new Set(
  ["str", "int", "float", "bool", "null", "map", "seq"].map(
    (t) => `tag:yaml.org,2002:${t}`,
  ),
);

/** Where a path's value is written (`key: true`: the key of its last step). */
export type Locate = (path: JsonPath, options?: LocateOptions) => Place;

export interface LocateOptions {
  /** Point at the key of the last path step rather than its value. */
  readonly key?: boolean;
  /** Point at this word inside the value, where its text writes it as a whole word. */
  readonly token?: string;
}
/** Offsets to lines and columns (lines.ts). */
export type At = (offset: number, length?: number) => Place;

export type YamlRead =
  | { ok: true; value: unknown; locate: Locate }
  | { ok: false; diagnostics: Diagnostic[] };

/** The spec's value read by the yaml library, or every problem it has, located. */
export function readWithYaml(file: string, source: string, at: At): YamlRead {
  const fail = (code: string, message: string, place?: Place): YamlRead => ({
    ok: false,
    diagnostics: [{ severity: "error", code, message, file, ...place }],
  });
  let doc: Document;
  try {
    doc = readDocument(source);
  } catch (e) {
    if (e instanceof RangeError)
      return fail("nesting-too-deep", "the YAML is nested too deeply to read");
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
    ...[
      ...doc.errors.filter((e) => standalone.has(e.code)),
      ...duplicateKeys(doc),
    ].sort((a, b) => a.pos[0] - b.pos[0]),
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
          code: open >= 0 ? "unclosed-quote" : yamlCode(p.code),
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
    return fail("empty-spec", "the spec is empty", {
      line: 1,
      col: 1,
      length: 1,
    });
  const tags = unknownTags(doc);
  if (tags.length > 0) {
    return {
      ok: false,
      diagnostics: tags.map((t) => ({
        severity: "error" as const,
        code: "unknown-tag",
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
        "alias-before-anchor",
        `the alias *${name} comes before its anchor &${name} (or there is none): an anchor must be set before it is used`,
        at(firstAlias(doc, name), name.length + 1),
      );
    }
    if (
      e instanceof ReferenceError ||
      (e instanceof Error && /alias/i.test(e.message))
    ) {
      return fail(
        "alias-expansion",
        `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}); write the values out`,
        at(firstAlias(doc), 1),
      );
    }
    throw e;
  }

  return {
    ok: true,
    value,
    locate: (path, options) => locateIn(doc, source, at, path, options),
  };
}

/**
 * Where the value at `path` is written, from a positioned document built on the first call: the
 * fast reader's value has no places, and a spec that reads cleanly never asks for one.
 */
export function lazyLocate(source: string, at: At): Locate {
  let doc: Document | undefined;
  return (path, options) =>
    locateIn((doc ??= readDocument(source)), source, at, path, options);
}

/** Each mapping's pairs by key, made on its first lookup: a spec with thousands of problems in a mapping of thousands of keys is located in linear time. */
const pairIndex = new WeakMap<object, Map<string, Pair>>();

function pairsOf(
  map: { items: Pair[] },
  isScalar: (node: unknown) => node is Scalar,
): Map<string, Pair> {
  let index = pairIndex.get(map);
  if (index === undefined) {
    index = new Map();
    for (const p of map.items)
      if (isScalar(p.key) && !index.has(String(p.key.value)))
        index.set(String(p.key.value), p);
    pairIndex.set(map, index);
  }
  return index;
}

/** Where the value at `path` is written in the positioned document. */
function locateIn(
  doc: Document,
  source: string,
  at: At,
  path: JsonPath,
  options: LocateOptions = {},
): Place {
  const { isMap, isNode, isScalar, isSeq } = yamlLibrary();
  let node: unknown = doc.contents;
  let keyNode: unknown;
  let last: Node | undefined = isNode(node) ? node : undefined;
  for (const step of path) {
    keyNode = undefined;
    if (isMap(node)) {
      const pair = pairsOf(node, isScalar).get(String(step));
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
  const text = source.slice(range[0], range[1]);
  if (options.token !== undefined && target === last) {
    const found = wholeWord(text, options.token);
    if (found >= 0) return at(range[0] + found, options.token.length);
  }
  // A block scalar (`>-`, `|`) is its content: point at its first line, not at the indicator.
  const start =
    isScalar(target) &&
    (target.type === "BLOCK_FOLDED" || target.type === "BLOCK_LITERAL")
      ? range[0] + blockContentStart(text)
      : range[0];
  const firstLine = source.slice(start, range[1]).split(/\r?\n/, 1)[0] ?? "";
  return { ...at(start), length: Math.max(1, firstLine.trimEnd().length) };
}

/** Where `word` first occurs in `text` as a whole word (no letter, digit, _ or - either side), or -1. */
function wholeWord(text: string, word: string): number {
  const inWord = /[A-Za-z0-9_-]/;
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    const before = text[i - 1];
    const after = text[i + word.length];
    if (
      !(before !== undefined && inWord.test(before) && inWord.test(word[0]!)) &&
      !(after !== undefined && inWord.test(after) && inWord.test(word.at(-1)!))
    )
      return i;
  }
  return -1;
}

/** The offset of a block scalar's first content character, past its indicator line; 0 when it has no content. */
function blockContentStart(text: string): number {
  const m = /^[^\n]*\n(?:[ \t]*\r?\n)*([ \t]*)\S/.exec(text);
  return m ? m[0].length - 1 : 0;
}

/** The yaml library's positioned document, read with the options every diagnostic relies on. */
function readDocument(source: string): Document {
  return yamlLibrary().parseDocument(source, {
    prettyErrors: false,
    // The library compares each key with every one before it, n² in a wide mapping (a $defs of
    // 100,000): duplicateKeys finds them in one pass instead.
    uniqueKeys: false,
    strict: true,
    version: "1.2",
    schema: "core",
    stringKeys: true,
  });
}

/** A key written twice in one mapping, at its second key, as the yaml library would say it. */
function duplicateKeys(
  doc: Document,
): { code: string; message: string; pos: [number, number] }[] {
  const { isScalar, visit } = yamlLibrary();
  const found: { code: string; message: string; pos: [number, number] }[] = [];
  visit(doc, {
    Map(_key, map) {
      const keys = new Set<unknown>();
      for (const { key } of map.items) {
        // Keys that are no scalar are refused as such (NON_STRING_KEY).
        if (!isScalar(key)) continue;
        const name = `${typeof key.value} ${String(key.value)}`;
        if (!keys.has(name)) keys.add(name);
        else {
          const start = key.range?.[0] ?? 0;
          found.push({
            code: "DUPLICATE_KEY",
            message: "Map keys must be unique",
            pos: [start, start + 1],
          });
        }
      }
    },
  });
  return found;
}

/** The yaml library's codes as toolgen's: the ones a spec author meets by name, the rest as a syntax error. */
function yamlCode(code: string): string {
  switch (code) {
    case "DUPLICATE_KEY":
      return "duplicate-key";
    case "TAB_AS_INDENT":
      return "tab-indent";
    case "MULTIPLE_DOCS":
      return "multiple-documents";
    case "TAG_RESOLVE_FAILED":
      return "unknown-tag";
    case "NON_STRING_KEY":
      return "non-string-key";
    default:
      return "yaml-syntax";
  }
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
  const { visit } = yamlLibrary();
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
  yamlLibrary().visit(doc, {
    Node(_key, node) {
      if (node.tag && !CORE_TAGS.has(node.tag))
        found.push({ tag: node.tag, offset: node.range?.[0] ?? 0 });
    },
  });
  return found;
}
