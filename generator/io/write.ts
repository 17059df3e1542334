import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../emitters/types.js";
import { MANIFEST } from "./paths.js";
import { listFiles, readIfExists } from "./tree.js";

export interface WriteReport {
  readonly written: readonly string[];
  readonly deleted: readonly string[];
  readonly unchanged: number;
}

/** The output folder holds files toolgen did not write; nothing was touched. */
export class ForeignFilesError extends Error {
  constructor(readonly outDir: string, readonly files: readonly string[]) {
    super(`${outDir} holds files that toolgen did not write (it has no ${MANIFEST}): ${files.slice(0, 5).join(", ")}${files.length > 5 ? ", …" : ""}`);
    this.name = "ForeignFilesError";
  }
}

/**
 * Makes `outDir` hold exactly `files`: rewrites only files whose bytes changed,
 * each through a temporary file and a rename (an interrupted run leaves every file
 * whole, old or new), then deletes what is no longer produced. The manifest goes last,
 * except into a folder that has none yet: there it goes first, so a run killed half-way
 * still leaves a folder the next run recognises as its own and repairs.
 */
export function writeTree(outDir: string, files: readonly GeneratedFile[]): WriteReport {
  const existing = listFiles(outDir);
  const foreign = existing.filter((p) => !isLeftover(p));
  if (foreign.length > 0 && !existing.includes(MANIFEST)) throw new ForeignFilesError(outDir, foreign);

  const manifest = files.filter((f) => f.path === MANIFEST);
  const rest = files.filter((f) => f.path !== MANIFEST);
  const ordered = existing.includes(MANIFEST) ? [...rest, ...manifest] : [...manifest, ...rest];
  const written: string[] = [];
  let unchanged = 0;
  for (const file of ordered) {
    const target = path.join(outDir, file.path);
    if (readIfExists(target) === file.content) {
      unchanged++;
      continue;
    }
    writeAtomic(target, file.content);
    written.push(file.path);
  }

  const produced = new Set(files.map((f) => f.path));
  const deleted = existing.filter((p) => !produced.has(p));
  for (const p of deleted) fs.rmSync(path.join(outDir, p), { force: true });
  removeEmptyDirs(outDir, deleted);
  return { written, deleted, unchanged };
}

/** Writes through a sibling temporary file and a rename, so readers see the old or the new bytes, never a part. */
export function writeAtomic(target: string, content: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${tmpSuffix()}.tmp`);
  try {
    const fd = fs.openSync(tmp, "w", fileMode(content));
    try {
      fs.writeFileSync(fd, content);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, target);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  // A shebang file must stay executable even when it replaced a file without the bit.
  if (fileMode(content) === 0o755) fs.chmodSync(target, 0o755);
}

/**
 * Eight hex digits that keep two writers' temporary files apart (with the pid, which differs
 * between processes of one machine but not between containers sharing a folder). Not a secret:
 * Math.random does, and spares every run the 15 ms that loading node:crypto costs.
 */
function tmpSuffix(): string {
  return Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, "0");
}

/** A temporary file of writeAtomic that a killed run left behind (see its name below); swept like a stale file. */
function isLeftover(file: string): boolean {
  return /^\.[^/]+\.\d+\.[0-9a-f]{8}\.tmp$/.test(path.posix.basename(file));
}

function fileMode(content: string): number {
  return content.startsWith("#!") ? 0o755 : 0o644;
}

function removeEmptyDirs(outDir: string, deleted: readonly string[]): void {
  const dirs = new Set<string>();
  for (const p of deleted) {
    for (let d = path.posix.dirname(p); d !== "."; d = path.posix.dirname(d)) dirs.add(d);
  }
  for (const d of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      fs.rmdirSync(path.join(outDir, d));
    } catch {
      // Not empty, or already gone: either way nothing to do.
    }
  }
}
