import { HEADER } from "../render/header.js";

/** The output folder's own index of what toolgen wrote, so stale files can be told from foreign ones. */
export const MANIFEST = ".toolgen";

/** The manifest's text: the header, then every file toolgen owns in the folder, one path a line. */
export function manifestText(paths: readonly string[]): string {
  return `# ${HEADER}\n# Every file toolgen owns in this folder:\n${[...paths].sort().join("\n")}\n`;
}

/** The files a manifest lists (comment lines and blank lines are not paths). */
export function manifestPaths(text: string): Set<string> {
  // CRLF too: a checkout that converts line endings must not make toolgen disown its files.
  return new Set(
    text.split(/\r?\n/).filter((line) => line !== "" && !line.startsWith("#")),
  );
}
