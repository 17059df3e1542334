import fs from "node:fs";
import path from "node:path";
import { listFiles } from "./io/tree.js";
import { packageRoot } from "./package-root.js";

/** Where `npm run build` puts the compiled hand-written runtime that emitters copy into packages. */
export const runtimeDist = path.join(packageRoot, "dist", "runtime");

export function readRuntimeFile(file: string): string {
  const full = path.join(runtimeDist, file);
  try {
    return fs.readFileSync(full, "utf8");
  } catch {
    throw new Error(
      `toolgen's runtime is not built (${full} is missing): run npm run build`,
    );
  }
}

export function readRuntimeFolder(
  folder: string,
): { path: string; content: string }[] {
  const root = path.join(runtimeDist, folder);
  const files = listFiles(root);
  if (files.length === 0)
    throw new Error(
      `toolgen's runtime is not built (${root} is empty): run npm run build`,
    );
  return files.map((p) => ({
    path: p,
    content: fs.readFileSync(path.join(root, p), "utf8"),
  }));
}
