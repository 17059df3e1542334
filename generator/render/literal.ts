import { ES5_IDENTIFIER } from "./es5-identifier.js";

/** Characters a string literal cannot hold as they are: quotes, backslash, controls, separators, surrogates. */
const NEEDS_ESCAPE = /["'\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]/;

/** Each unit that may need an escape: as NEEDS_ESCAPE, but a surrogate only when it is not half of a pair. */
const ESCAPE_CANDIDATE =
  /["'\\\x00-\x1f\x7f-\x9f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A TypeScript/JavaScript string literal that reads back as exactly `value`,
 * quoted the way prettier quotes it (double quotes unless the text holds more of them).
 * Text from tools.yaml reaches generated code only through this function or a doc comment.
 */
export function stringLiteral(value: string): string {
  // Most texts (names, enum values) hold nothing to escape: one native scan decides it.
  if (!NEEDS_ESCAPE.test(value)) return `"${value}"`;
  const quote = countOf(value, '"') > countOf(value, "'") ? "'" : '"';
  // The native replace copies the runs between candidates (prompt texts run to megabytes).
  return (
    quote +
    value.replace(
      ESCAPE_CANDIDATE,
      (unit) => escapeOf(unit.charCodeAt(0), quote) ?? unit,
    ) +
    quote
  );
}

/** The escape of one UTF-16 unit inside a literal quoted by `quote`, or null when it stands as is. */
function escapeOf(code: number, quote: string): string | null {
  if (code === quote.charCodeAt(0) || code === 0x5c)
    return `\\${String.fromCharCode(code)}`;
  if (code === 0x0a) return "\\n";
  if (code === 0x0d) return "\\r";
  if (code === 0x09) return "\\t";
  if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f))
    return `\\x${hex(code, 2)}`;
  // Line separators and lone surrogates.
  if (code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff))
    return `\\u${hex(code, 4)}`;
  return null;
}

function countOf(text: string, ch: string): number {
  let count = 0;
  for (let at = text.indexOf(ch); at >= 0; at = text.indexOf(ch, at + 1))
    count++;
  return count;
}

/** What makes a doc comment more than its one line as it is: a `*​/` to escape, a line break. */
const NOT_ONE_PLAIN_LINE = /\*\/|[\r\n\u2028\u2029]/;
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/;

/** A JSDoc block for `text`, indented by `indent`; `*​/` and line breaks cannot end or escape it. */
export function docComment(text: string, indent: string): string {
  // The usual description is one plain line: nothing to split or escape.
  if (!NOT_ONE_PLAIN_LINE.test(text))
    return `${indent}/** ${text.trimEnd()} */\n`;
  const lines = text.split(LINE_BREAK).map(commentLine);
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)).join("\n")}\n${indent} */\n`;
}

/** One line of a comment: `*​/` cannot end it, and trailing white space goes (trimEnd trims what `\s+$` matches). */
function commentLine(line: string): string {
  return (line.includes("*/") ? line.replaceAll("*/", "*\\/") : line).trimEnd();
}

/** An ASCII identifier: the common case, tested without the long Unicode expression. */
const ASCII_IDENTIFIER = /^[$A-Z_a-z][$0-9A-Z_a-z]*$/;

/**
 * A property key: bare when prettier would unquote it (an ES5 identifier name, `naïve`
 * included), quoted otherwise. `__proto__` is computed: bare or quoted, in an object literal
 * it sets the prototype instead of making a key.
 */
export function propertyKey(name: string): string {
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return ASCII_IDENTIFIER.test(name) || ES5_IDENTIFIER.test(name)
    ? name
    : stringLiteral(name);
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}
