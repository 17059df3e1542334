/** What JSON.stringify leaves as it is but a reader should see escaped: C1 controls, DEL, line separators. */
const INVISIBLE = /[\x7f-\x9f\u2028\u2029]/g;

/**
 * A TypeScript/JavaScript string literal that reads back as exactly `value`: always in double
 * quotes, as JSON.stringify writes it (quotes, backslashes, control characters and lone
 * surrogates escaped), with DEL, the C1 controls and the line separators escaped too.
 * Text from tools.yaml reaches generated code only through this function or a doc comment.
 */
export function stringLiteral(value: string): string {
  return JSON.stringify(value).replace(INVISIBLE, unicodeEscape);
}

function unicodeEscape(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** A JSDoc block for `text`, indented by `indent`; `*​/` and line breaks cannot end or escape it. */
export function docComment(text: string, indent: string): string {
  const lines = text
    .replaceAll("*/", "*\\/")
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((l) => l.trimEnd());
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  const body = lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`));
  return `${indent}/**\n${body.join("\n")}\n${indent} */\n`;
}

/** A plain ASCII identifier: the only key written bare. */
const IDENTIFIER = /^[$A-Z_a-z][$0-9A-Z_a-z]*$/;

/**
 * A property key: bare when it is a plain ASCII identifier, quoted otherwise. `__proto__` is
 * computed: bare or quoted, in an object literal it sets the prototype instead of making a key.
 */
export function propertyKey(name: string): string {
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}
