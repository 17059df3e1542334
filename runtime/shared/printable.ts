/**
 * Text from outside (a platform's message, a tool's input, a peer's words) made safe to print
 * as part of one line: every control character is escaped, so that it can neither start a
 * forged line (CR, LF, U+2028, U+2029) nor drive the terminal (ESC and the other C0 and C1
 * controls, DEL), each written as `\xNN` (`\x0a` for LF) or `\uNNNN`.
 * The one escaping function of every runtime: logs, error output and stderr all go through it.
 */
export function printable(text: string): string {
  return text.replace(CONTROLS, escapeOne);
}

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function escapeOne(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}
