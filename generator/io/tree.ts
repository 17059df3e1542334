import fs from "node:fs";
import path from "node:path";

/**
 * Folders toolgen never owns inside an output folder: npm may link packages there, and Python
 * and its tools write their caches beside the Python package's sources (importing it from
 * generated/ writes __pycache__), none of which is the user's or toolgen's to keep.
 */
export const IGNORED_DIRS = new Set([
  "node_modules",
  "__pycache__",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
]);

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

/** Every file below `root` (relative, / separated, sorted), skipping node_modules; [] when root is missing. */
export function listFiles(root: string): string[] {
  const { files, links } = scanTree(root);
  return [...files, ...links].sort();
}

/** What an output folder holds: its files, and apart from them its links, which are never followed. */
export interface Tree {
  /** Regular files (and anything else that is neither a folder nor a link), sorted. */
  readonly files: readonly string[];
  /** Links, to a file or a folder, anywhere below the root; toolgen never reads through one. */
  readonly links: readonly string[];
}

/**
 * Every entry below `root` (relative, / separated, sorted), skipping node_modules, as it is
 * itself (the file system's lstat): a link to a folder is not entered, a link to a file not
 * read. [] and [] when root is missing.
 */
export function scanTree(root: string): Tree {
  const files: string[] = [];
  const links: string[] = [];
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
      const rel = toPosix(path.relative(root, full));
      if (IGNORED_DIRS.has(entry.name) && !entry.isFile()) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isSymbolicLink()) links.push(rel);
      else files.push(rel);
    }
  };
  walk(root);
  return { files: files.sort(), links: links.sort() };
}

/** Whether `file` is one of `links` or lies below one: reading it would follow the link. */
export function throughLink(file: string, links: readonly string[]): boolean {
  return links.some((l) => file === l || file.startsWith(`${l}/`));
}

/** The bytes of a file as text, or undefined when there is none. */
export function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if (
      (e as NodeJS.ErrnoException).code === "ENOENT" ||
      (e as NodeJS.ErrnoException).code === "EISDIR"
    )
      return undefined;
    throw e;
  }
}

/**
 * A temporary file that writeAtomic (io/write.ts) left behind when its run was killed, for one of
 * the `known` files (`.<name>.<pid>.<8 hex>.tmp` beside `<name>`); swept like a stale file. A file
 * that merely looks like one, beside no file of toolgen's, is someone else's.
 */
export function isLeftover(file: string, known: ReadonlySet<string>): boolean {
  const m = /^\.([^/]+)\.\d+\.[0-9a-f]{8}\.tmp$/.exec(
    path.posix.basename(file),
  );
  if (m === null) return false;
  const dir = path.posix.dirname(file);
  return known.has(dir === "." ? m[1]! : `${dir}/${m[1]}`);
}

/** The tree without the lock file of the run that holds the folder (io/lock.ts), which is nobody's file. */
export function withoutLock(tree: Tree, lock: string): Tree {
  return { files: tree.files.filter((f) => f !== lock), links: tree.links };
}
