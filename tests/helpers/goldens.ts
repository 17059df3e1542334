import fs from "node:fs";
import path from "node:path";

/**
 * The files under a golden folder, as sorted `/`-separated paths relative to it. A golden test
 * compares this with the files it snapshots, so that a golden left behind by a renamed or removed
 * case fails instead of lying there unread.
 */
export function goldenFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((p) => fs.statSync(path.join(folder, p)).isFile())
    .map((p) => p.split(path.sep).join("/"))
    .sort();
}
