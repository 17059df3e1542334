import fs from "node:fs";

// A file's bytes compared with, or written from, a text a slice at a time: a spec near the size
// cap makes files of 30 MB, and reading one whole as text held its bytes and its text at once
// beside every new file's (issue #34).

/** UTF-16 units of a text encoded at a time: about 1 MiB, cut between two characters. */
const SLICE = 1 << 20;

/** Each slice of `text` as its UTF-8 bytes, never cutting a surrogate pair in two. */
function* slices(text: string): Generator<Buffer> {
  for (let i = 0; i < text.length;) {
    let end = Math.min(i + SLICE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    yield Buffer.from(text.slice(i, end), "utf8");
    i = end;
  }
}

/**
 * Whether `file` holds exactly `text` as UTF-8; undefined when there is no such file (or a
 * folder stands there). Read a slice at a time, and not at all when the sizes differ.
 */
export function holdsText(file: string, text: string): boolean | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR") return undefined;
    throw e;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return undefined;
    if (stat.size !== Buffer.byteLength(text, "utf8")) return false;
    let at = 0;
    for (const want of slices(text)) {
      const got = Buffer.allocUnsafe(want.length);
      for (let n = 0; n < got.length;) {
        const read = fs.readSync(fd, got, n, got.length - n, at + n);
        if (read === 0) return false;
        n += read;
      }
      if (!got.equals(want)) return false;
      at += want.length;
    }
    return true;
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `text` as UTF-8 to `file` (made with `mode`, or emptied), a slice at a time. */
export function writeText(file: string, text: string, mode: number): void {
  const fd = fs.openSync(file, "w", mode);
  try {
    for (const bytes of slices(text))
      for (let n = 0; n < bytes.length;)
        n += fs.writeSync(fd, bytes, n, bytes.length - n);
  } finally {
    fs.closeSync(fd);
  }
}
