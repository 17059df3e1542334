import { yamlLibrary } from "../libraries.js";

/**
 * YAML text of a JSON value, byte for byte what the yaml library's Document writes
 * (`toString({ lineWidth: 0 })`), written directly: an imported spec is megabytes of plain keys,
 * one-line texts and multi-line descriptions, and building the library's node tree for them was
 * most of `toolgen import`'s time (docs/performance.md). The scalars written here are those whose
 * form the library's rules (stringify/stringifyString.js) settle alone: plain one-line texts and
 * literal blocks. Any other text is asked of the library, one scalar at a time, and anything the
 * library would lay out by context (a key that looks like a document marker, a kept final line
 * break) makes the whole text the library's. tests/import/yaml-text.test.ts holds the two equal.
 */

/** Thrown where only the library's whole document gives the library's bytes. */
class LibraryOnly extends Error {}

/** One comment of a list's item: the line above the item. */
export type ItemComments = ReadonlyMap<unknown, string>;

/**
 * The text of `value` (a mapping at the top), `header` as comment lines above it, and a comment
 * line above each list item that `comments` names (the item itself is the key).
 */
export function yamlText(
  value: Readonly<Record<string, unknown>>,
  header: readonly string[],
  comments: ItemComments,
): string {
  return (
    directText(value, header, comments) ?? libraryText(value, header, comments)
  );
}

/** The text written here, or undefined where only the library's whole document gives its bytes. */
export function directText(
  value: Readonly<Record<string, unknown>>,
  header: readonly string[],
  comments: ItemComments,
): string | undefined {
  try {
    const writer = new Writer(comments);
    for (const line of header) writer.lines.push(commentLine(line));
    if (header.length > 0) writer.lines.push("");
    // An empty mapping at the top is written `{}`, as the library's own.
    if (Object.keys(value).length === 0) throw new LibraryOnly();
    writer.mapping(value, "");
    return `${writer.lines.join("\n")}\n`;
  } catch (e) {
    if (!(e instanceof LibraryOnly)) throw e;
    return undefined;
  }
}

/** The library's own text of the same document: the reference, and the way out. */
export function libraryText(
  value: Readonly<Record<string, unknown>>,
  header: readonly string[],
  comments: ItemComments,
): string {
  const YAML = yamlLibrary();
  const doc = new YAML.Document(value);
  if (header.length > 0)
    doc.commentBefore = header.map((line) => ` ${line}`).join("\n");
  attachComments(doc, value, comments);
  return doc.toString({ lineWidth: 0 });
}

/** Sets each named item's comment on its node, walking the value and the document together. */
function attachComments(
  doc: import("yaml").Document,
  value: unknown,
  comments: ItemComments,
): void {
  if (comments.size === 0) return;
  const YAML = yamlLibrary();
  const walk = (v: unknown, node: unknown): void => {
    if (Array.isArray(v) && YAML.isSeq(node))
      v.forEach((item, i) => {
        const child = node.items[i] as { commentBefore?: string };
        const comment = comments.get(item);
        if (comment !== undefined) child.commentBefore = ` ${comment}`;
        walk(item, child);
      });
    else if (isMapping(v) && YAML.isMap(node)) {
      const values = Object.values(v);
      node.items.forEach((pair, i) => walk(values[i], pair.value));
    }
  };
  walk(value, doc.contents);
}

/** A comment line: one line of text, no space at either end (the library's way with others differs). */
function commentLine(text: string): string {
  if (text === "") return "#";
  if (
    !/^\S(?:.*\S)?$/u.test(text) ||
    UNPRINTABLE.test(text) ||
    /[\u2028\u2029]/.test(text)
  )
    throw new LibraryOnly();
  return `# ${text}`;
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Writes a document's lines, a collection at a time. */
class Writer {
  readonly lines: string[] = [];
  /** The objects written so far: the library writes one met twice as an anchor and an alias. */
  private readonly seen = new Set<object>();

  constructor(private readonly comments: ItemComments) {}

  /** The entries of a mapping at `indent`, a line each (the first after `first`). */
  mapping(
    map: Readonly<Record<string, unknown>>,
    indent: string,
    first = indent,
  ): void {
    let lead = first;
    for (const key of Object.keys(map)) {
      const v = map[key];
      const head = `${lead}${keyText(key)}:`;
      lead = indent;
      if (this.isBlock(v)) {
        this.lines.push(head);
        this.block(v, `${indent}  `);
      } else this.lines.push(`${head} ${scalar(v, `${indent}  `)}`);
    }
  }

  /** A sequence's items at `indent`, each after its comment (the first after `first`). */
  sequence(list: readonly unknown[], indent: string, first = indent): void {
    let lead = first;
    for (const item of list) {
      const comment = this.comments.get(item);
      if (comment !== undefined) {
        if (lead !== indent) throw new LibraryOnly();
        this.lines.push(`${indent}${commentLine(comment)}`);
      }
      if (this.isBlock(item)) this.block(item, `${indent}  `, `${lead}- `);
      else this.lines.push(`${lead}- ${scalar(item, `${indent}  `)}`);
      lead = indent;
    }
  }

  private block(v: unknown, indent: string, first = indent): void {
    if (Array.isArray(v)) this.sequence(v, indent, first);
    else this.mapping(v as Record<string, unknown>, indent, first);
  }

  /** A non-empty collection, written below its key or after its dash; anything else is a scalar. */
  private isBlock(v: unknown): boolean {
    if (v === null || typeof v !== "object") return false;
    if (this.seen.has(v)) throw new LibraryOnly();
    this.seen.add(v);
    return Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0;
  }
}

/** A scalar (or an empty collection) whose lines after the first are at `indent`. */
function scalar(v: unknown, indent: string): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") return numberText(v);
  if (typeof v === "string") return stringText(v, indent);
  if (Array.isArray(v)) return "[]";
  if (isMapping(v)) return "{}";
  throw new LibraryOnly();
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new LibraryOnly();
  return Object.is(n, -0) ? "-0" : JSON.stringify(n);
}

/** Characters the library writes only in double quotes. */
const UNPRINTABLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
/** The library's test for text a plain scalar cannot start, hold or end with. */
const NOT_PLAIN =
  /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;

/** The library's core schema's tests for text read as something else (null, true, 1.5, 0x1f…). */
let otherTags: readonly RegExp[] | undefined;
function readsAsOther(text: string): boolean {
  if (!otherTags) {
    const YAML = yamlLibrary();
    const tags = new YAML.Document().schema.tags as {
      default?: boolean | string;
      tag: string;
      test?: RegExp;
    }[];
    otherTags = tags
      .filter((t) => t.default && t.tag !== "tag:yaml.org,2002:str" && t.test)
      .map((t) => t.test!);
  }
  return otherTags.some((test) => test.test(text));
}

/** A text as a plain scalar, or undefined where the library would quote it. */
function plain(text: string): string | undefined {
  if (
    text.includes("\n") ||
    UNPRINTABLE.test(text) ||
    NOT_PLAIN.test(text) ||
    DOCUMENT_MARKER.test(text) ||
    readsAsOther(text)
  )
    return undefined;
  return text;
}

function keyText(key: string): string {
  if (DOCUMENT_MARKER.test(key)) throw new LibraryOnly();
  // A key is never written over two lines: the library's one-line form, from a top-level key.
  const text =
    plain(key) ??
    yamlLibrary()
      .stringify({ [key]: null }, { lineWidth: 0 })
      .slice(0, -": null\n".length);
  // Past 1,024 characters as written the library makes it an explicit key (`? `), laid out apart.
  if (text.length > 1024 || text.startsWith("? ")) throw new LibraryOnly();
  return text;
}

function stringText(text: string, indent: string): string {
  const p = plain(text);
  if (p !== undefined) return p;
  if (text.includes("\n"))
    return UNPRINTABLE.test(text)
      ? askLibrary(text, indent)
      : literalBlock(text, indent);
  // A value below the top may start with a document marker and still be plain: the library says.
  if (DOCUMENT_MARKER.test(text)) return askLibrary(text, indent);
  return quotedLine(text);
}

/**
 * One line in quotes, as the library's quotedString writes it: in single quotes when it holds a
 * double quote and no single one, else in double quotes, JSON's escapes made YAML's (`\x07`, not
 * `\u0007`); always in double quotes when it holds a character only they can write.
 */
function quotedLine(text: string): string {
  if (!UNPRINTABLE.test(text) && text.includes('"') && !text.includes("'"))
    return `'${text}'`;
  const json = JSON.stringify(text);
  let out = "";
  let start = 0;
  for (let i = 0; i < json.length; i++) {
    if (json[i] !== "\\") continue;
    if (json[i + 1] === "u") {
      const code = json.slice(i + 2, i + 6);
      out +=
        json.slice(start, i) +
        (YAML_ESCAPES[code] ??
          (code.startsWith("00")
            ? `\\x${code.slice(2)}`
            : json.slice(i, i + 6)));
      i += 5;
      start = i + 1;
    } else i++;
  }
  return start === 0 ? json : out + json.slice(start);
}

/** The escapes YAML has of its own for characters JSON writes as `\uXXXX`. */
const YAML_ESCAPES: Readonly<Record<string, string>> = {
  "0000": "\\0",
  "0007": "\\a",
  "000b": "\\v",
  "001b": "\\e",
  "0085": "\\N",
  "00a0": "\\_",
  "2028": "\\L",
  "2029": "\\P",
};

/** The library's form of one text as a list item, its later lines moved to `indent`. */
function askLibrary(text: string, indent: string): string {
  const written = yamlLibrary().stringify([text], { lineWidth: 0 });
  const lines = written.slice("- ".length, -1).split("\n");
  return lines
    .map((line, i) =>
      i === 0 || line === "" ? line : `${indent}${line.slice(2)}`,
    )
    .join("\n");
}

/**
 * A multi-line text as a literal block, as the library's blockString writes it with no width:
 * the chomping indicator from its end, an indentation indicator when it starts with a space.
 */
function literalBlock(text: string, indent: string): string {
  if (/\n[\t ]+$/.test(text)) return askLibrary(text, indent);
  let endStart = text.length;
  while (endStart > 0 && "\n\t ".includes(text[endStart - 1]!)) endStart--;
  const end = text.slice(endStart);
  const endNl = end.indexOf("\n");
  // A kept final line break changes how the library ends the lines that follow.
  if (endNl !== -1 && (text === end || endNl !== end.length - 1))
    throw new LibraryOnly();
  const chomp = endNl === -1 ? "-" : "";
  let value = end ? text.slice(0, -end.length) : text;
  // What ends the text after its last line break, if any: spaces kept on the last line.
  const tail = endNl === -1 ? end : end.slice(0, -1);
  let startWithSpace = false;
  let startEnd = 0;
  let startNl = -1;
  for (; startEnd < value.length; startEnd++) {
    const ch = value[startEnd];
    if (ch === " ") startWithSpace = true;
    else if (ch === "\n") startNl = startEnd;
    else break;
  }
  let start = value.slice(0, startNl < startEnd ? startNl + 1 : startEnd);
  if (start) {
    value = value.slice(start.length);
    start = start.replace(/\n+/g, `$&${indent}`);
  }
  const header = (startWithSpace ? "2" : "") + chomp;
  return `|${header}\n${indent}${start}${value.replace(/\n+/g, `$&${indent}`)}${tail}`;
}
