import { SpecError } from "../diagnostics/index.js";

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The spec's bytes as text. A spec saved in another encoding (Latin-1, UTF-16) is refused at
 * its first byte that is not UTF-8, rather than read with U+FFFD in place of its letters,
 * which would then be generated into every package.
 */
export function decodeSpec(file: string, bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    throw new SpecError([invalidAt(file, bytes)]);
  }
}

/** The place of the first invalid byte: its line, and its column in characters of the valid text before it. */
function invalidAt(file: string, bytes: Uint8Array) {
  // The longest prefix with no invalid byte, found by halving (decoding is linear: O(n log n) at
  // worst). A prefix may end inside a multi-byte character: read as a stream, that is no error,
  // so validity only ever turns off as the prefix grows.
  let good = 0;
  let bad = bytes.length;
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    if (isValidStart(bytes.subarray(0, mid))) good = mid;
    else bad = mid;
  }
  // The first invalid byte is where the last whole character before `bad` ends.
  good = bad - 1;
  while (good > 0 && !isValid(bytes.subarray(0, good))) good--;
  const before = lenient.decode(bytes.subarray(0, good));
  const lineStart = before.lastIndexOf("\n") + 1;
  const line = before.split("\n").length;
  const col = [...before.slice(lineStart)].length + 1;
  const byte = bytes[good]!.toString(16).toUpperCase().padStart(2, "0");
  return {
    severity: "error" as const,
    code: "not-utf8",
    file,
    line,
    col,
    length: 1,
    message: `the spec is not valid UTF-8 (byte 0x${byte}): save it as UTF-8`,
  };
}

function isValid(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** No invalid byte so far: a character cut off at the end may still be completed. */
function isValidStart(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes, {
      stream: true,
    });
    return true;
  } catch {
    return false;
  }
}
