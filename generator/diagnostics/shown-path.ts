import path from "node:path";

/**
 * A template's path as messages show it: relative to the working folder `cwd` when inside it
 * (where a user looks for it), absolute otherwise; / separators either way.
 */
export function shownPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  const shown =
    rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
  return shown.split(path.sep).join("/");
}
