import { eastAsianWidth } from "get-east-asian-width";
import { EMOJI, NARROW_EMOJI } from "./emoji.js";

/** Prettier's line width, which every generated code file is laid out for. */
export const PRINT_WIDTH = 80;

/** Marks that sit on the character before them and take no column of their own. */
const ZERO_WIDTH_MARK = /[\p{Nonspacing_Mark}\p{Enclosing_Mark}]/u;

/**
 * Columns a text takes, exactly as prettier's getStringWidth counts them: an emoji sequence
 * (skin tones and joiners included) is two columns, or one for a narrow emoji; wide and
 * fullwidth characters two; control characters and combining marks none.
 */
export function textWidth(text: string): number {
  if (/^[\x20-\x7f]*$/.test(text)) return text.length;
  let width = 0;
  const rest = text.replace(EMOJI, (emoji) => {
    width += NARROW_EMOJI.test(emoji) ? 1 : 2;
    return "";
  });
  for (const ch of rest) {
    const cp = ch.codePointAt(0)!;
    if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) continue;
    if (ZERO_WIDTH_MARK.test(ch)) continue;
    width += eastAsianWidth(cp) === 2 ? 2 : 1;
  }
  return width;
}
