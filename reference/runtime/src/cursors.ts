import fs from "node:fs";
import path from "node:path";

/**
 * Where each workspace's inbox cursor (the last activity id taken) is kept between runs, so that
 * a restart neither replays the backlog nor misses what came meanwhile. One file per workspace,
 * written by rename so a crash leaves the old or the new cursor, never half of one; an agent in
 * a single workspace keeps one plain `inbox.cursor`.
 */
export class CursorStore {
  constructor(
    readonly folder: string,
    private readonly several: boolean,
  ) {}

  file(workspace: string): string {
    return path.join(
      this.folder,
      this.several ? `inbox.${fileSafe(workspace)}.cursor` : "inbox.cursor",
    );
  }

  /** The saved cursor, or null when none was saved (or it was cleared after a 410). */
  load(workspace: string): string | null {
    let text: string;
    try {
      text = fs.readFileSync(this.file(workspace), "utf8");
    } catch (error) {
      if ((error as { code?: unknown }).code === "ENOENT") return null;
      throw error;
    }
    const cursor = text.trim();
    return cursor === "" ? null : cursor;
  }

  save(workspace: string, cursor: string): void {
    fs.mkdirSync(this.folder, { recursive: true });
    const file = this.file(workspace);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${cursor}\n`);
    fs.renameSync(tmp, file);
  }

  clear(workspace: string): void {
    fs.rmSync(this.file(workspace), { force: true });
  }
}

/** A workspace id as a file name part: letters, digits, `-` and `_` kept, every other byte as %XX. */
function fileSafe(id: string): string {
  return [...Buffer.from(id, "utf8")]
    .map((b) =>
      /[A-Za-z0-9_-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}
