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
 * Makes `outDir` hold exactly `files` (the manifest among them, or made from their paths): a
 * TreeWriter given them all at once.
 */
export function writeTree(
  outDir: string,
  files: readonly GeneratedFile[],
): WriteReport {
  const writer = new TreeWriter(outDir);
  writer.take(files);
  return writer.finish();
}

/**
 * Makes `outDir` hold exactly the files it is given, a batch at a time (gen gives it a package
 * at a time, as each is made), then `finish` deletes what was not given. It rewrites only files
 * whose bytes changed, each through a temporary file and a rename (an interrupted run leaves
 * every file whole, old or new). Only files its manifest lists are toolgen's to replace or
 * delete: any other file is refused when the writer is made, before anything is touched. Before
 * each batch's first new file the manifest lists what is owned and every file given so far, and
 * after the last write exactly what was given, so a run killed at any moment leaves a folder
 * whose every file of toolgen's is listed, and the next run repairs it.
 */
export class TreeWriter {
  private readonly manifestFile: string;
  private readonly onDisk: string | undefined;
  private readonly owned: ReadonlySet<string>;
  /** Files found on disk and not deleted yet. */
  private readonly present: Set<string>;
  /**
   * The same files by their path in lower case, and the folders that hold them so: on a file
   * system that ignores case (macOS's, Windows's) a path differing only in case is the same file.
   */
  private readonly byLower = new Map<string, Set<string>>();
  private readonly folders = new Set<string>();
  private readonly given = new Set<string>();
  /** What the manifest on disk lists now: the owned files, then every file claimed. */
  private listed: string;
  private manifest: string | undefined;
  private manifestWritten = false;
  private readonly written: string[] = [];
  private readonly deleted: string[] = [];
  private readonly unchanged: string[] = [];

  constructor(private readonly outDir: string) {
    const tree = withoutLock(scanTree(outDir), LOCK);
    const existing = tree.files;
    this.manifestFile = path.join(outDir, MANIFEST);
    const hasManifest = existing.includes(MANIFEST);
    this.onDisk = hasManifest ? readIfExists(this.manifestFile) : undefined;
    this.owned = manifestPaths(this.onDisk ?? "");
    this.listed = this.onDisk ?? "";
    // Only a listed file is toolgen's: one at a path the spec now produces is someone's all the same.
    // A link is never toolgen's, listed or not: nothing is read or written through one. A
    // leftover temporary file of a listed file, or of the manifest, is a killed run's.
    const known = new Set([...this.owned, MANIFEST]);
    const foreign = [
      ...tree.links,
      ...existing.filter(
        (p) => p !== MANIFEST && !this.owned.has(p) && !isLeftover(p, known),
      ),
    ].sort();
    if (foreign.length > 0)
      throw new ForeignFilesError(outDir, foreign, hasManifest);
    this.present = new Set(existing.filter((p) => p !== MANIFEST));
    for (const p of this.present) {
      const lower = p.toLowerCase();
      const same = this.byLower.get(lower);
      if (same) same.add(p);
      else this.byLower.set(lower, new Set([p]));
      for (
        let d = path.posix.dirname(lower);
        d !== ".";
        d = path.posix.dirname(d)
      )
        this.folders.add(d);
    }
  }

  /** Writes a batch of files (the manifest, if among them, is kept for `finish`). */
  take(files: readonly GeneratedFile[]): void {
    const batch = files.filter((f) => {
      if (f.path !== MANIFEST) return true;
      this.manifest = f.content;
      return false;
    });
    for (const f of batch) this.given.add(f.path);
    this.claim(batch);
    // A file of the last run at one of these paths in another case (a module or a folder renamed
    // in case only) is stale: it goes first, or deleting it at the end would delete the new one
    // where case is ignored, and its emptied folders with it, so that the new case is the one made.
    const renamed = batch.flatMap((f) =>
      [...(this.byLower.get(f.path.toLowerCase()) ?? [])].filter(
        (p) => p !== f.path,
      ),
    );
    if (renamed.length > 0) {
      this.remove(renamed);
      removeEmptyDirs(this.outDir, renamed);
    }
    for (const file of batch) {
      this.clearWay(file.path);
      const target = path.join(this.outDir, file.path);
      // Only a file the scan found can already hold the right bytes: no read for the others.
      if (
        this.present.has(file.path) &&
        holdsText(target, file.content) === true
      ) {
        this.unchanged.push(file.path);
        continue;
      }
      writeAtomic(target, file.content);
      this.written.push(file.path);
    }
  }

  /** Deletes the files of toolgen's that were not given, writes the manifest, and says what changed. */
  finish(): WriteReport {
    const stale = [...this.present].filter((p) => !this.given.has(p));
    this.remove(stale);
    removeEmptyDirs(this.outDir, this.deleted);
    const manifest = this.manifest ?? manifestText([...this.given].sort());
    if (readIfExists(this.manifestFile) !== manifest) {
      writeAtomic(this.manifestFile, manifest);
      this.manifestWritten = true;
    }
    const written = [...this.written];
    const unchanged = [...this.unchanged];
    if (this.manifestWritten) written.push(MANIFEST);
    else unchanged.push(MANIFEST);
    return { written, deleted: this.deleted.sort(), unchanged };
  }

  /** Before a batch's first new file: the manifest lists the owned files and every file given so far. */
  private claim(batch: readonly GeneratedFile[]): void {
    if (batch.every((f) => this.owned.has(f.path))) return;
    const claimed = [...new Set([...this.owned, ...this.given])].filter(
      (p) => p !== MANIFEST,
    );
    const claim = manifestText(claimed);
    if (claim === this.listed) return;
    writeAtomic(this.manifestFile, claim);
    this.listed = claim;
    this.manifestWritten = true;
  }

  /**
   * A file of the last run where this one's folder goes, or a folder of its files where this
   * one's file goes, is stale (no output holds both): it goes first. Paths are compared without
   * case, as some file systems compare them.
   */
  private clearWay(file: string): void {
    const lower = file.toLowerCase();
    for (
      let d = path.posix.dirname(lower);
      d !== ".";
      d = path.posix.dirname(d)
    )
      this.remove([...(this.byLower.get(d) ?? [])]);
    if (this.folders.has(lower)) {
      const inside = [...this.present].filter((p) =>
        p.toLowerCase().startsWith(`${lower}/`),
      );
      this.remove(inside);
      removeEmptyDirs(this.outDir, inside);
      this.folders.delete(lower);
    }
  }

  private remove(files: readonly string[]): void {
    for (const p of files) {
      fs.rmSync(path.join(this.outDir, p), { force: true });
      this.present.delete(p);
      this.byLower.get(p.toLowerCase())?.delete(p);
      this.deleted.push(p);
    }
  }
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
