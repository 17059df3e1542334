/** The characters the grammar of an ECMAScript pattern names, and tests of single code points. */

/** The ControlEscape letters and what they stand for. */
export const CONTROLS = new Map([
  ["f", 0x0c],
  ["n", 0x0a],
  ["r", 0x0d],
  ["t", 0x09],
  ["v", 0x0b],
]);
export const SYNTAX_CHARS = new Set("^$\\.*+?()[]{}|");
export const ID_START = /[\p{ID_Start}$_]/u;
export const ID_CONTINUE = /[\p{ID_Continue}$\u200c\u200d]/u;

export const isDigit = (cp: number | undefined) =>
  cp !== undefined && cp >= 0x30 && cp <= 0x39;
export const isHex = (cp: number | undefined) =>
  cp !== undefined && /[0-9A-Fa-f]/.test(String.fromCodePoint(cp));
export const ch = (s: string) => s.codePointAt(0)!;
export const show = (cp: number) => String.fromCodePoint(cp);
