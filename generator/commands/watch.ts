import fs from "node:fs";
import path from "node:path";
import type { WatchTarget } from "./watch-targets.js";

/** How long a burst of changes (an editor's save, a git checkout) must be quiet before a run. */
export const DEBOUNCE_MS = 100;

export interface WatchLoop {
  /**
   * One run, reported; returns what to watch next (a run may name other folders), and the
   * folder never to watch (the output folder: gen's own writes are no change).
   */
  run(): Promise<{
    targets: readonly WatchTarget[];
    skip: string;
    /** Called once the targets are watched. */
    watched(): void;
  }>;
  /** A line for the person watching (stderr). */
  notice(text: string): void;
  /** The working folder: a changed file is named relative to it. */
  readonly cwd: string;
  /** Stops the loop; without it, SIGINT and SIGTERM do. */
  readonly signal?: AbortSignal;
}

/**
 * Runs once, then again after every change of a watched folder's entry, debounced, one run at a
 * time (a change during a run queues one more). Each folder is watched, not the files in it: an
 * editor that saves by writing a new file and renaming it over the old one is seen. Resolves
 * once stopped, with every watcher closed and the run under way finished.
 */
export function watchLoop(loop: WatchLoop): Promise<void> {
  return new Promise((resolve) => {
    const watchers = new Map<string, Watcher>();
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    let again = false;
    let stopped = false;
    let changed: string | undefined;

    const schedule = (what: string) => {
      if (stopped) return;
      changed ??= what;
      clearTimeout(timer);
      timer = setTimeout(() => void fire(), DEBOUNCE_MS);
    };
    const fire = async () => {
      timer = undefined;
      if (running) {
        again = true;
        return;
      }
      running = true;
      if (changed !== undefined)
        loop.notice(
          `toolgen: ${path.relative(loop.cwd, changed) || "."} changed; generating again\n`,
        );
      changed = undefined;
      try {
        const next = await loop.run();
        if (!stopped) {
          follow(next.targets, next.skip);
          next.watched();
        }
      } catch (e) {
        // A bug of toolgen's: said, and the watch goes on with the folders it had.
        loop.notice(
          `toolgen: internal error (a bug in toolgen, not in your spec):\n${(e as Error).stack ?? String(e)}\n`,
        );
      } finally {
        running = false;
      }
      if (stopped) finish();
      else if (again) {
        again = false;
        void fire();
      }
    };

    /** Makes the open watchers exactly those the targets ask for. */
    const follow = (targets: readonly WatchTarget[], skip: string) => {
      const wanted = new Map<string, Set<string> | "all">();
      for (const t of targets)
        for (const dir of t.below ? folders(t.dir, skip) : [t.dir]) {
          const names = wanted.get(dir);
          if (t.name === undefined || names === "all") wanted.set(dir, "all");
          else wanted.set(dir, new Set([...(names ?? []), t.name]));
        }
      for (const [dir, w] of watchers)
        if (!wanted.has(dir)) {
          w.close();
          watchers.delete(dir);
        }
      for (const [dir, names] of wanted) {
        const open = watchers.get(dir) ?? watch(dir);
        if (open === undefined) continue;
        open.names = names;
        watchers.set(dir, open);
      }
    };

    const watch = (dir: string): Watcher | undefined => {
      let fsWatcher: fs.FSWatcher;
      try {
        fsWatcher = fs.watch(dir);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // Gone, or not a folder: the next run looks again. Anything else is said.
        if (code !== "ENOENT" && code !== "ENOTDIR")
          loop.notice(
            `toolgen: cannot watch ${path.relative(loop.cwd, dir) || "."}: ${(e as Error).message}\n`,
          );
        return undefined;
      }
      const w: Watcher = {
        names: "all",
        close: () => fsWatcher.close(),
      };
      fsWatcher.on("change", (_event, name) => {
        const entry = name === null ? null : String(name);
        if (w.names === "all" || entry === null || w.names.has(entry))
          schedule(entry === null ? dir : path.join(dir, entry));
      });
      fsWatcher.on("error", () => {
        // The folder went away (deleted, or replaced by a checkout): look again after a run.
        w.close();
        if (watchers.get(dir) === w) watchers.delete(dir);
        schedule(dir);
      });
      return w;
    };

    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
      if (!running) finish();
    };
    const signals = ["SIGINT", "SIGTERM"] as const;
    const finish = () => {
      if (loop.signal) loop.signal.removeEventListener("abort", stop);
      else for (const s of signals) process.off(s, stop);
      resolve();
    };
    if (loop.signal) {
      if (loop.signal.aborted) stopped = true;
      else loop.signal.addEventListener("abort", stop);
    } else for (const s of signals) process.on(s, stop);

    void fire();
  });
}

interface Watcher {
  names: Set<string> | "all";
  close(): void;
}

/** `root` and every folder below it, but node_modules, dot folders and `skip` (and below it). */
function folders(root: string, skip: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (dir === skip || dir.startsWith(skip + path.sep)) return;
    out.push(dir);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries)
      if (
        e.isDirectory() &&
        e.name !== "node_modules" &&
        !e.name.startsWith(".")
      )
        walk(path.join(dir, e.name));
  };
  walk(root);
  return out;
}
