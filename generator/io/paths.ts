import path from "node:path";

/** Files toolgen never owns inside an output folder: npm may link packages there. */
export const IGNORED_DIRS = new Set(["node_modules"]);

/** The output folder's own index of what toolgen wrote, so stale files can be told from foreign ones. */
export const MANIFEST = ".toolgen";

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
