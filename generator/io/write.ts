import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../emitters/types.js";
import { holdsText, writeText } from "./bytes.js";
import { LOCK } from "./lock.js";
import { MANIFEST, manifestPaths, manifestText } from "./manifest.js";
import { isLeftover, readIfExists, scanTree, withoutLock } from "./tree.js";

export interface WriteReport {
  readonly written: readonly string[];
  readonly deleted: readonly string[];
  /** Files whose bytes were already right, left untouched (the manifest among them). */
  readonly unchanged: readonly string[];
}

/** The output folder holds files toolgen did not write; nothing was touched. */
export class ForeignFilesError extends Error {
  constructor(
    readonly outDir: string,
    readonly files: readonly string[],
    readonly owned: boolean,
  ) {
    const list = `${files.slice(0, 5).join(", ")}${files.length > 5 ? ", …" : ""}`;
    super(
      owned
        ? `${outDir} holds files that toolgen did not write (its ${MANIFEST} does not list them): ${list}`
        : `${outDir} holds files that toolgen did not write (it has no ${MANIFEST}): ${list}`,
    );
    this.name = "ForeignFilesError";
  }
}

/**
 * Makes `outDir` hold exactly `files`: deletes what is no longer produced, then rewrites only
 * files whose bytes changed, each through a temporary file and a rename (an interrupted run
 * leaves every file whole, old or new). Only files its manifest lists are toolgen's to replace or
 * delete: any other file is refused before anything is touched. Before the first write the
 * manifest lists what is owned now and what is about to be written, and after the last write
 * exactly what was produced, so a run killed at any moment leaves a folder whose every file of
 * toolgen's is listed, and the next run repairs it.
 */
export function writeTree(
  outDir: string,
  files: readonly GeneratedFile[],
): WriteReport {
  const tree = withoutLock(scanTree(outDir), LOCK);
  const existing = tree.files;
  const manifestFile = path.join(outDir, MANIFEST);
  const hasManifest = existing.includes(MANIFEST);
  const onDisk = hasManifest ? readIfExists(manifestFile) : undefined;
  const owned = manifestPaths(onDisk ?? "");
  const produced = new Set([...files.map((f) => f.path), MANIFEST]);
  const known = new Set([...owned, ...produced]);
  // Only a listed file is toolgen's: one at a path the spec now produces is someone's all the same.
  // A link is never toolgen's, listed or not: nothing is read or written through one.
  const foreign = [
    ...tree.links,
    ...existing.filter(
      (p) => p !== MANIFEST && !owned.has(p) && !isLeftover(p, known),
    ),
  ].sort();
  if (foreign.length > 0)
    throw new ForeignFilesError(outDir, foreign, hasManifest);

  const manifest =
    files.find((f) => f.path === MANIFEST)?.content ??
    manifestText(files.map((f) => f.path));
  let manifestWritten = false;
  const claimed = [...new Set([...owned, ...produced])].filter(
    (p) => p !== MANIFEST,
  );
  if (claimed.some((p) => !owned.has(p))) {
    const claim = manifestText(claimed);
    if (claim !== onDisk) {
      writeAtomic(manifestFile, claim);
      manifestWritten = true;
    }
  }

  // Stale files go first: one may stand where a new file's folder belongs, or the other way round.
  const deleted = existing.filter((p) => !produced.has(p));
  for (const p of deleted) fs.rmSync(path.join(outDir, p), { force: true });
  removeEmptyDirs(outDir, deleted);

  const written: string[] = [];
  const unchanged: string[] = [];
  // Only a file the scan found can already hold the right bytes: no read for the others.
  const present = new Set(existing);
  for (const file of files) {
    if (file.path === MANIFEST) continue;
    const target = path.join(outDir, file.path);
    if (present.has(file.path) && holdsText(target, file.content) === true) {
      unchanged.push(file.path);
      continue;
    }
    writeAtomic(target, file.content);
    written.push(file.path);
  }

  if (readIfExists(manifestFile) !== manifest) {
    writeAtomic(manifestFile, manifest);
    manifestWritten = true;
  }
  if (manifestWritten) written.push(MANIFEST);
  else unchanged.push(MANIFEST);
  return { written, deleted, unchanged };
}

/**
 * Writes through a sibling temporary file and a rename, so readers, and a run killed at any
 * moment, see the old or the new bytes, never a part. Nothing is flushed to the disk (fsync):
 * that guards against a power loss or a crash of the system, not of toolgen, costs more than the
 * rest of a run that writes every file, and the output is rebuilt from the spec by the next gen
 * (which `gen --check` would call for) whatever such a loss left.
 */
export function writeAtomic(target: string, content: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${tmpSuffix()}.tmp`,
  );
  try {
    writeText(tmp, content, fileMode(content));
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
  return Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, "0");
}

function fileMode(content: string): number {
  return content.startsWith("#!") ? 0o755 : 0o644;
}

function removeEmptyDirs(outDir: string, deleted: readonly string[]): void {
  const dirs = new Set<string>();
  for (const p of deleted) {
    for (let d = path.posix.dirname(p); d !== "."; d = path.posix.dirname(d))
      dirs.add(d);
  }
  for (const d of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      fs.rmdirSync(path.join(outDir, d));
    } catch {
      // Not empty, or already gone: either way nothing to do.
    }
  }
}
