import path from "node:path";
import type { GeneratedFile } from "../emitters/types.js";
import { holdsText } from "./bytes.js";
import { LOCK } from "./lock.js";
import { MANIFEST, manifestPaths } from "./manifest.js";
import {
  isLeftover,
  readIfExists,
  scanTree,
  throughLink,
  withoutLock,
  type Tree,
} from "./tree.js";

export interface Drift {
  readonly changed: readonly { readonly path: string; readonly diff: string }[];
  readonly missing: readonly string[];
  /** Files of toolgen's (its manifest lists them) that the spec no longer produces: gen deletes them. */
  readonly extra: readonly string[];
  /** Files toolgen did not write: gen refuses to touch the folder until they are moved out. */
  readonly foreign: readonly string[];
}

export function hasDrift(d: Drift): boolean {
  return (
    d.changed.length + d.missing.length + d.extra.length + d.foreign.length > 0
  );
}

/** Compares `outDir` with what the spec produces, byte for byte. Reads only; never writes. */
export async function checkTree(
  outDir: string,
  files: readonly GeneratedFile[],
): Promise<Drift> {
  const comparer = new TreeComparer(outDir);
  comparer.take(files);
  return comparer.finish();
}

/**
 * Compares `outDir` with the files it is given, a batch at a time (gen --check gives it a
 * package at a time, as each is made), then `finish` says what differs. Reads only; never
 * writes. Only a file that differs is kept (its text and the disk's), for its diff.
 */
export class TreeComparer {
  private readonly tree: Tree;
  private readonly onDisk: ReadonlySet<string>;
  private readonly owned: ReadonlySet<string>;
  private readonly given = new Set<string>();
  /** The files that differ, with the text the spec gives them (the disk's is read again for the diff). */
  private readonly differing: { path: string; content: string }[] = [];
  private readonly missing: string[] = [];

  constructor(private readonly outDir: string) {
    this.tree = withoutLock(scanTree(outDir), LOCK);
    // A link is never followed, whatever the manifest says: it is someone's, not toolgen's.
    const listed = throughLink(MANIFEST, this.tree.links)
      ? undefined
      : readIfExists(path.join(outDir, MANIFEST));
    this.owned = manifestPaths(listed ?? "");
    this.onDisk = new Set(this.tree.files);
  }

  take(files: readonly GeneratedFile[]): void {
    for (const file of files) {
      this.given.add(file.path);
      // A file toolgen did not write is foreign (finish says so), not compared.
      if (
        file.path !== MANIFEST &&
        this.onDisk.has(file.path) &&
        !this.owned.has(file.path)
      )
        continue;
      if (this.tree.links.includes(file.path)) continue;
      const target = path.join(this.outDir, file.path);
      const same = throughLink(file.path, this.tree.links)
        ? undefined
        : holdsText(target, file.content);
      if (same === true) continue;
      if (same === undefined) this.missing.push(file.path);
      else this.differing.push({ path: file.path, content: file.content });
    }
  }

  async finish(): Promise<Drift> {
    const { tree, owned, given } = this;
    const onDisk = [...tree.files, ...tree.links].sort();
    const known = new Set([...owned, MANIFEST]);
    // As gen judges them (io/write.ts): only what the manifest lists, and leftovers of it or of
    // the manifest, are toolgen's.
    const foreign = [
      ...tree.links,
      ...tree.files.filter(
        (p) => p !== MANIFEST && !owned.has(p) && !isLeftover(p, known),
      ),
    ].sort();
    const foreignSet = new Set(foreign);
    // The diff library is only needed when something differs: keep it off the common path.
    const diff =
      this.differing.length > 0
        ? (await import("./unified-diff.js")).unifiedDiff
        : undefined;
    const byPath = (a: { path: string }, b: { path: string }) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
    const changed: { path: string; diff: string }[] = [];
    const missing = [...this.missing];
    // A file that differs is read as text, and its diff made, one file at a time.
    for (const d of this.differing.sort(byPath)) {
      const actual = readIfExists(path.join(this.outDir, d.path));
      if (actual === undefined) missing.push(d.path);
      else
        changed.push({ path: d.path, diff: diff!(d.path, actual, d.content) });
    }
    const extra = onDisk.filter((p) => !given.has(p) && !foreignSet.has(p));
    return { changed, missing: missing.sort(), extra, foreign };
  }
}
