import fs from "node:fs";
import path from "node:path";

/** The name of a durable write's temporary file: `<file>.<pid>.tmp`. */
const TEMPORARY = /^.+\.\d+\.tmp$/;

/**
 * Writes a file so that a crash or a power cut leaves either the old content or the new, whole:
 * a temporary file beside it, flushed to the disk, renamed over it, and the folder flushed so
 * that the rename itself is kept.
 */
export function writeDurably(file: string, text: string): void {
  const folder = path.dirname(file);
  fs.mkdirSync(folder, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFlushed(tmp, text, "w");
  fs.renameSync(tmp, file);
  syncFolder(folder);
}

/**
 * Appends to a file and flushes it (and its folder, when the append made the file): a crash may
 * leave the last line torn, never an earlier one.
 */
export function appendDurably(file: string, text: string): void {
  const folder = path.dirname(file);
  fs.mkdirSync(folder, { recursive: true });
  const made = !fs.existsSync(file);
  writeFlushed(file, text, "a");
  if (made) syncFolder(folder);
}

/** Writes (`w`) or appends (`a`) the text and flushes the file to the disk. */
function writeFlushed(file: string, text: string, flags: "w" | "a"): void {
  const fd = fs.openSync(file, flags);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Removes the temporary files that writes cut short by a crash left in these folders (a missing
 * folder is skipped); returns how many. Only the state folder's owner may call it: another
 * process's temporary file is a write in progress.
 */
export function removeTemporaries(folders: readonly string[]): number {
  let removed = 0;
  for (const folder of folders) {
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch (error) {
      if ((error as { code?: unknown }).code === "ENOENT") continue;
      throw error;
    }
    for (const name of names.filter((n) => TEMPORARY.test(n))) {
      fs.rmSync(path.join(folder, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/** Removes a file and flushes its folder, so that the removal is kept too. */
export function removeDurably(file: string): void {
  fs.rmSync(file, { force: true });
  syncFolder(path.dirname(file));
}

function syncFolder(folder: string): void {
  let fd: number;
  try {
    fd = fs.openSync(folder, "r");
  } catch {
    return;
  }
  try {
    fs.fsyncSync(fd);
  } catch {
    // Some systems (Windows) cannot flush a folder; the rename is as durable as they allow.
  } finally {
    fs.closeSync(fd);
  }
}

/** A workspace id as a file name part: letters, digits, `-` and `_` kept, every other byte as %XX. */
export function fileSafe(id: string): string {
  return [...Buffer.from(id, "utf8")]
    .map((b) =>
      /[A-Za-z0-9_-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}
