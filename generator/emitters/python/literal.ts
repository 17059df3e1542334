import { stringLiteral } from "../../render/literal.js";

/**
 * Text from tools.yaml in generated Python: only as a string literal, a docstring or a comment,
 * each made here so that no text can end it early or become code.
 */

/** Characters a Python reader should see escaped: C0 controls, DEL, C1 controls, line separators, lone surrogates. */
const ESCAPED = /[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]/g;

const NAMED: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

function escape(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * A Python string literal (double quotes) that reads back as exactly `value`: JSON's string
 * syntax is Python's too (its escapes `\\n`, `\\uXXXX`, `\\"`… mean the same), so this is the
 * TypeScript emitters' literal, DEL, the C1 controls and the line separators escaped as well.
 */
export function pyString(value: string): string {
  return stringLiteral(value);
}

/**
 * A docstring for `text`, indented by `indent`: triple-quoted, its lines as written, with
 * backslashes, quotes and control characters escaped so that nothing in it can close it.
 */
export function docstring(text: string, indent: string): string {
  const lines = text.split(/\r\n|[\r\n]/).map((l) =>
    l
      .trimEnd()
      .replace(/\\/g, "\\\\")
      .replace(/"/g, '\\"')
      .replace(
        /[\ud800-\udbff][\udc00-\udfff]|[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]/g,
        (m) => (m.length === 2 ? m : m === "\t" ? "    " : escape(m)),
      ),
  );
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 1) return `${indent}"""${lines[0]}"""\n`;
  const [first, ...rest] = lines;
  return `${indent}"""${first}\n${rest.map((l) => (l ? indent + l : "")).join("\n")}\n${indent}"""\n`;
}

/** `#` comment lines for `text`, indented: every line break and control character becomes a line or a space. */
export function comment(text: string, indent: string): string {
  return text
    .split(/\r\n|[\r\n\u2028\u2029\x0b\x0c\x1c-\x1e\x85]/)
    .map((l) => l.replace(ESCAPED, " ").trimEnd())
    .map((l) => (l ? `${indent}# ${l}\n` : `${indent}#\n`))
    .join("");
}

/** A text as implicitly joined string literals, one a line, for a long text that stays readable in a diff. */
export function pyText(value: string, indent: string): string {
  const lines = value
    .split("\n")
    .map((l, k, all) => (k < all.length - 1 ? `${l}\n` : l));
  if (lines.at(-1) === "") lines.pop();
  if (lines.length <= 1) return pyString(lines[0] ?? "");
  // Most texts hold nothing JSON leaves unescaped but a reader should see escaped: then
  // JSON.stringify alone writes each line's literal.
  const literal = SHOWN_ESCAPED.test(value) ? pyString : JSON.stringify;
  const pad = `${indent}    `;
  return `(\n${lines.map((l) => `${pad}${literal(l)}\n`).join("")}${indent})`;
}

/** What pyString escapes beyond JSON.stringify: DEL, the C1 controls, the line separators. */
const SHOWN_ESCAPED = /[\x7f-\x9f\u2028\u2029]/;

/** `__all__`, one name a line, in the order given. */
export function pyAll(names: readonly string[]): string {
  return `__all__ = [\n${names.map((n) => `    ${pyString(n)},\n`).join("")}]\n`;
}
