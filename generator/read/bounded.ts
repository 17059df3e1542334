import fs from "node:fs";

/** The most bytes of a spec toolgen reads unless told otherwise (`--max-spec-bytes`): 16 MiB. */
export const MAX_SPEC_BYTES = 16 * 1024 * 1024;

/** The spec holds more than the limit: nothing past the limit was read. */
export class SpecTooLargeError extends Error {
  constructor(
    readonly file: string,
    readonly limit: number,
  ) {
    super(`${file} holds more than ${limit} bytes`);
    this.name = "SpecTooLargeError";
  }
}

const CHUNK = 64 * 1024;

/**
 * A file's bytes, read in chunks and counted as they come, so that no input grows past `limit`
 * bytes in memory: a device that never ends (`/dev/zero`), a pipe or a FIFO whose size no stat
 * tells, or a file that grows while it is read. Throws SpecTooLargeError past the limit, and the
 * file system's own error when it cannot be read.
 */
export function readBounded(file: string, limit: number): Buffer {
  const fd = fs.openSync(file, "r");
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // One byte more than the limit allows tells a spec of exactly `limit` bytes from a longer one.
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1 - total));
      const n = readSome(fd, chunk);
      if (n === 0) break;
      total += n;
      if (total > limit) throw new SpecTooLargeError(file, limit);
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } finally {
    fs.closeSync(fd);
  }
}

/** One read; a non-blocking descriptor (a pipe inherited as stdin) is waited on rather than failed. */
function readSome(fd: number, into: Buffer): number {
  for (;;) {
    try {
      return fs.readSync(fd, into, 0, into.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EAGAIN") throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}
