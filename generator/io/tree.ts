import fs from "node:fs";
import path from "node:path";
import { IGNORED_DIRS, toPosix } from "./paths.js";

/** Every file below `root` (relative, / separated, sorted), skipping node_modules; [] when root is missing. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
      throw e;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!IGNORED_DIRS.has(entry.name)) walk(full);
      } else out.push(toPosix(path.relative(root, full)));
    }
  };
  walk(root);
  return out.sort();
}

/** The bytes of a file as text, or undefined when there is none. */
export function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "EISDIR") return undefined;
    throw e;
  }
}

/** A temporary file of writeAtomic (io/write.ts) that a killed run left behind; swept like a stale file. */
export function isLeftover(file: string): boolean {
  return /^\.[^/]+\.\d+\.[0-9a-f]{8}\.tmp$/.test(path.posix.basename(file));
}
