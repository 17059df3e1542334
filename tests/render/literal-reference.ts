import { ES5_IDENTIFIER } from "../../generator/render/es5-identifier.js";

/*
 * The plain, character-by-character literal.ts that generator/render/literal.ts replaced with
 * fast paths: kept to hold the fast one to it (tests/render/literal.test.ts).
 */

export function stringLiteral(value: string): string {
  let doubles = 0;
  let singles = 0;
  for (const ch of value) {
    if (ch === '"') doubles++;
    else if (ch === "'") singles++;
  }
  const quote = doubles > singles ? "'" : '"';
  let out = quote;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    const code = ch.charCodeAt(0);
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f))
      out += `\\x${hex(code, 2)}`;
    else if (code === 0x2028 || code === 0x2029) out += `\\u${hex(code, 4)}`;
    else if (code >= 0xd800 && code <= 0xdbff && isLow(value.charCodeAt(i + 1)))
      out += ch + value[++i]!;
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${hex(code, 4)}`;
    else out += ch;
  }
  return out + quote;
}

export function docComment(text: string, indent: string): string {
  const lines = text
    .replace(/\*\//g, "*\\/")
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((l) => l.replace(/\s+$/, ""));
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)).join("\n")}\n${indent} */\n`;
}

export function propertyKey(name: string): string {
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return ES5_IDENTIFIER.test(name) ? name : stringLiteral(name);
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
