import fs from "node:fs";
import path from "node:path";
import { fileSafe, removeDurably, writeDurably } from "./durable.js";

/**
 * Where each workspace's inbox cursor (the last activity id taken) is kept between runs, so that
 * a restart neither replays the backlog nor misses what came meanwhile. One file per workspace,
 * named after it (`inbox.<workspace>.cursor`) whether the agent is in one workspace or several,
 * so that a state folder reused for another workspace never applies one workspace's cursor to
 * another; written durably, so a crash leaves the old or the new cursor, never half of one.
 *
 * Upgrade: earlier runtimes kept a single workspace's cursor in a plain `inbox.cursor`. An agent
 * in one workspace that finds no cursor of its own adopts that file once (it can only have been
 * written by an agent in one workspace) and removes it, so that no later workspace reads it.
 */
export class CursorStore {
  constructor(
    readonly folder: string,
    private readonly several: boolean,
  ) {}

  file(workspace: string): string {
    return path.join(this.folder, `inbox.${fileSafe(workspace)}.cursor`);
  }

  /** The saved cursor, or null when none was saved (or it was cleared after a 410). */
  load(workspace: string): string | null {
    const own = read(this.file(workspace));
    if (own !== null || this.several) return own;
    const legacy = path.join(this.folder, "inbox.cursor");
    if (!fs.existsSync(legacy)) return null;
    const adopted = read(legacy);
    if (adopted !== null) this.save(workspace, adopted);
    removeDurably(legacy);
    return adopted;
  }

  save(workspace: string, cursor: string): void {
    writeDurably(this.file(workspace), `${cursor}\n`);
  }

  clear(workspace: string): void {
    removeDurably(this.file(workspace));
  }
}

function read(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return null;
    throw error;
  }
  const cursor = text.trim();
  return cursor === "" ? null : cursor;
}
