import path from "node:path";
import type { GeneratedFile } from "../emitters/types.js";
import { listFiles, readIfExists } from "./tree.js";

export interface Drift {
  readonly changed: readonly { readonly path: string; readonly diff: string }[];
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

export function hasDrift(d: Drift): boolean {
  return d.changed.length + d.missing.length + d.extra.length > 0;
}

/** Compares `outDir` with what the spec produces, byte for byte. Reads only; never writes. */
export async function checkTree(outDir: string, files: readonly GeneratedFile[]): Promise<Drift> {
  const changed: { path: string; diff: string }[] = [];
  const missing: string[] = [];
  const pending: { path: string; actual: string; expected: string }[] = [];
  for (const file of files) {
    const actual = readIfExists(path.join(outDir, file.path));
    if (actual === undefined) missing.push(file.path);
    else if (actual !== file.content) pending.push({ path: file.path, actual, expected: file.content });
  }
  if (pending.length > 0) {
    // The diff library is only needed when something differs: keep it off the common path.
    const { unifiedDiff } = await import("./diff.js");
    for (const p of pending) changed.push({ path: p.path, diff: unifiedDiff(p.path, p.actual, p.expected) });
  }
  const produced = new Set(files.map((f) => f.path));
  const extra = listFiles(outDir).filter((p) => !produced.has(p));
  return { changed, missing, extra };
}
