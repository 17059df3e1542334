import fs from "node:fs";
import path from "node:path";
import {
  appendDurably,
  fileSafe,
  removeDurably,
  writeDurably,
} from "./durable.js";
import type { InboxMessage } from "./message.js";

/** A message kept on disk: the workspace it came from, and the file that holds it. */
export interface KeptMessage {
  readonly workspace: string;
  readonly message: InboxMessage;
  readonly file: string;
}

/** How many popped messages each workspace's list remembers, by default. */
export const REMEMBERED_POPS = 2000;

/**
 * The inbox's messages on disk, from the moment they are fetched until the agent pops them, so
 * that a crash or a restart loses none: `<state>/inbox/<workspace>/<number>.json`, one file per
 * message, numbered in the order they arrived. A workspace's folder is read only by an agent
 * registered in that workspace.
 *
 * Beside them, `popped.jsonl` lists the last popped messages (their inbox keys, one JSON string a
 * line), so that a look-back after a restart (a `410 Gone`) does not offer them again. It holds
 * at most twice `remembered` keys: then it is written again with the last `remembered`.
 */
export class KeptMessages {
  private next = 0;
  private readonly popped = new Map<string, string[]>();

  constructor(
    readonly folder: string,
    private readonly remembered = REMEMBERED_POPS,
  ) {}

  /** Writes the message durably; returns where, for `drop`. */
  keep(workspace: string, message: InboxMessage): KeptMessage {
    const file = path.join(
      this.folder,
      "inbox",
      fileSafe(workspace),
      `${String(this.next++).padStart(12, "0")}.json`,
    );
    writeDurably(file, `${JSON.stringify({ workspace, message })}\n`);
    return { workspace, message, file };
  }

  /**
   * The message was popped: its key joins the workspace's popped list, then its file goes (a
   * crash between the two leaves a message that `loadPopped`'s keys mark as handled).
   */
  drop(kept: KeptMessage, key: string): void {
    const file = this.poppedFile(kept.workspace);
    const keys = this.popped.get(kept.workspace) ?? [];
    keys.push(key);
    if (keys.length > 2 * this.remembered) {
      keys.splice(0, keys.length - this.remembered);
      writeDurably(file, lines(keys));
    } else appendDurably(file, lines([key]));
    this.popped.set(kept.workspace, keys);
    removeDurably(kept.file);
  }

  /** Removes the file of a message found popped already (`drop` was cut short by a crash). */
  discard(kept: KeptMessage): void {
    removeDurably(kept.file);
  }

  /**
   * The keys of the messages popped in these workspaces, oldest first, at most `remembered` of
   * each. A torn last line (a crash while appending) is skipped.
   */
  loadPopped(workspaces: readonly string[]): string[] {
    const all: string[] = [];
    for (const workspace of workspaces) {
      let text: string;
      try {
        text = fs.readFileSync(this.poppedFile(workspace), "utf8");
      } catch (error) {
        if ((error as { code?: unknown }).code === "ENOENT") continue;
        throw error;
      }
      const keys = text.split("\n").flatMap((line) => {
        try {
          const key: unknown = JSON.parse(line);
          return typeof key === "string" ? [key] : [];
        } catch {
          return [];
        }
      });
      const last = keys.slice(-this.remembered);
      this.popped.set(workspace, last);
      all.push(...last);
    }
    return all;
  }

  /** Every workspace's folder of kept messages, for the owner's removal of a crash's leftovers. */
  folders(): string[] {
    const inbox = path.join(this.folder, "inbox");
    try {
      return fs
        .readdirSync(inbox, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(inbox, entry.name));
    } catch (error) {
      if ((error as { code?: unknown }).code === "ENOENT") return [];
      throw error;
    }
  }

  private poppedFile(workspace: string): string {
    return path.join(this.folder, "inbox", fileSafe(workspace), "popped.jsonl");
  }

  /**
   * The messages kept for these workspaces, in the order they arrived. A file that cannot be
   * read is left where it is and reported through `unreadable`; numbering goes on after the
   * highest number found.
   */
  load(
    workspaces: readonly string[],
    unreadable: (file: string, reason: string) => void,
  ): KeptMessage[] {
    const found: { n: number; kept: KeptMessage }[] = [];
    for (const workspace of workspaces) {
      const folder = path.join(this.folder, "inbox", fileSafe(workspace));
      let names: string[];
      try {
        names = fs.readdirSync(folder);
      } catch (error) {
        if ((error as { code?: unknown }).code === "ENOENT") continue;
        throw error;
      }
      for (const name of names) {
        const file = path.join(folder, name);
        // A temporary file (`.tmp`) is a write in progress, or one a crash cut short, whose
        // message is still on the platform: the folder's owner removes those at start.
        const m = /^(\d{12})\.json$/.exec(name);
        if (m === null) continue;
        const n = Number(m[1]);
        this.next = Math.max(this.next, n + 1);
        try {
          const data = JSON.parse(fs.readFileSync(file, "utf8")) as {
            workspace?: unknown;
            message?: { activity_id?: unknown };
          };
          if (
            data.workspace !== workspace ||
            typeof data.message?.activity_id !== "string"
          )
            throw new Error("not a kept inbox message");
          found.push({
            n,
            kept: { workspace, message: data.message as InboxMessage, file },
          });
        } catch (error) {
          unreadable(
            file,
            error instanceof Error ? error.message : String(error),
          );
        }
      }
    }
    return found.sort((a, b) => a.n - b.n).map((f) => f.kept);
  }
}

function lines(keys: readonly string[]): string {
  return keys.map((k) => `${JSON.stringify(k)}\n`).join("");
}
