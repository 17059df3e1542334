import fs from "node:fs";
import path from "node:path";

/** Where init writes the CI workflow, and the folder its steps run in. */
export interface WorkflowPlace {
  /** The workflow's path relative to the project folder, `/`-separated. */
  readonly path: string;
  /** The project folder relative to the repository's root (`/`-separated), or null: the same folder. */
  readonly workingDirectory: string | null;
}

/**
 * GitHub reads workflows only from the repository's root. A project at the root (or outside any
 * git repository) gets `.github/workflows/toolgen.yml`; one in a sub-folder of a repository gets
 * `toolgen-<name>.yml` in the root's `.github/workflows/`, its steps run in the project's folder.
 */
export function workflowPlace(folder: string, name: string): WorkflowPlace {
  const root = gitRoot(folder);
  const rel = root === null ? "" : path.relative(root, folder);
  if (rel === "")
    return { path: ".github/workflows/toolgen.yml", workingDirectory: null };
  const file = path.join(root!, ".github", "workflows", `toolgen-${name}.yml`);
  return {
    path: toPosix(path.relative(folder, file)),
    workingDirectory: toPosix(rel),
  };
}

/** The nearest folder at or above `folder` holding `.git` (a folder, or a worktree's file); null: none. */
function gitRoot(folder: string): string | null {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, ".git"))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
