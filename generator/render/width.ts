import { eastAsianWidth } from "get-east-asian-width";

/** Prettier's line width, which every generated code file is laid out for. */
export const PRINT_WIDTH = 80;

/** Columns a text takes in a terminal, the way prettier counts them (wide characters take two). */
export function textWidth(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) continue;
    if (cp >= 0x300 && cp <= 0x36f) continue;
    width += eastAsianWidth(cp) === 2 ? 2 : 1;
  }
  return width;
}
