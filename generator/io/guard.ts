import fs from "node:fs";
import path from "node:path";

/**
 * Refuses output folders where "the generator owns the whole folder" would do harm:
 * the file system root, the spec's own folder or one above it, a path through `..`,
 * or anywhere outside the project that holds the spec. Returns the reason, or null.
 */
export function unsafeOutDir(
  rawOut: string,
  outDir: string,
  specPath: string,
): string | null {
  if (rawOut.split(/[\\/]+/).includes(".."))
    return "it is reached through '..'; name a folder inside the project";
  if (fs.existsSync(outDir) && !fs.statSync(outDir).isDirectory())
    return "it is a file, not a folder";
  // A symbolic link must not smuggle the output somewhere the plain path would be refused.
  const real = realPath(outDir);
  if (real !== outDir) {
    const reason = unsafeResolved(real, realPath(specPath));
    if (reason) return `it is a link to ${real}, and ${reason}`;
  }
  return unsafeResolved(outDir, specPath);
}

function unsafeResolved(outDir: string, specPath: string): string | null {
  if (path.parse(outDir).root === outDir)
    return "it is the root of the file system";
  const specDir = path.dirname(specPath);
  const rel = path.relative(outDir, specDir);
  if (rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel)))
    return "it holds the spec itself; use a folder of its own, such as generated/";
  const root = projectRoot(specDir);
  const inside = path.relative(root, outDir);
  if (inside.startsWith("..") || path.isAbsolute(inside))
    return `it is outside the project (${root})`;
  return null;
}

/** The real path of `p`: its deepest existing ancestor resolved through links, the rest appended. */
function realPath(p: string): string {
  const missing: string[] = [];
  for (let dir = p; ; dir = path.dirname(dir)) {
    try {
      return path.join(fs.realpathSync(dir), ...missing.reverse());
    } catch {
      if (path.dirname(dir) === dir) return p;
      missing.push(path.basename(dir));
    }
  }
}

/** The nearest folder above the spec with a package.json or .git, else the spec's folder. */
function projectRoot(specDir: string): string {
  for (let dir = specDir; ; dir = path.dirname(dir)) {
    if (
      fs.existsSync(path.join(dir, "package.json")) ||
      fs.existsSync(path.join(dir, ".git"))
    )
      return dir;
    if (path.dirname(dir) === dir) return specDir;
  }
}
