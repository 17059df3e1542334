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
  const produced = new Set(files.map((f) => f.path));
  const tree = withoutLock(scanTree(outDir), LOCK);
  const onDisk = [...tree.files, ...tree.links].sort();
  // A link is never followed, whatever the manifest says: it is someone's, not toolgen's.
  const listed = throughLink(MANIFEST, tree.links)
    ? undefined
    : readIfExists(path.join(outDir, MANIFEST));
  const owned = manifestPaths(listed ?? "");
  const known = new Set([...owned, ...produced]);
  // As gen judges them (io/write.ts): only what the manifest lists, and leftovers of it, are toolgen's.
  const foreign = [
    ...tree.links,
    ...tree.files.filter(
      (p) => p !== MANIFEST && !owned.has(p) && !isLeftover(p, known),
    ),
  ].sort();
  const foreignSet = new Set(foreign);
  const changed: { path: string; diff: string }[] = [];
  const missing: string[] = [];
  // The diff library is only needed when something differs: keep it off the common path.
  let diff: typeof import("./unified-diff.js").unifiedDiff | undefined;
  for (const file of files) {
    if (foreignSet.has(file.path)) continue;
    const target = path.join(outDir, file.path);
    const same = throughLink(file.path, tree.links)
      ? undefined
      : holdsText(target, file.content);
    // A file that differs is read as text, and its diff made, one file at a time.
    const actual = same === false ? readIfExists(target) : undefined;
    if (same === true) continue;
    if (actual === undefined) {
      missing.push(file.path);
      continue;
    }
    diff ??= (await import("./unified-diff.js")).unifiedDiff;
    changed.push({
      path: file.path,
      diff: diff(file.path, actual, file.content),
    });
  }
  const extra = onDisk.filter((p) => !produced.has(p) && !foreignSet.has(p));
  return { changed, missing, extra, foreign };
}
