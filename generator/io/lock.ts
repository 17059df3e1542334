import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The file inside the output folder that one gen run holds while it writes there. */
export const LOCK = ".toolgen.lock";

/** How long a run waits for another to let go of the folder before it gives up. */
export const LOCK_WAIT_MS = 60_000;

/** A lock older than this is a leftover whatever its holder seems to be (a reused pid). */
export const LOCK_STALE_MS = 10 * 60_000;

const POLL_MS = 50;

/** Another run holds the output folder, and went on holding it for as long as this run waited. */
export class LockHeldError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: string,
    readonly waitedMs: number,
  ) {
    super(
      `another toolgen run (${holder}) is writing that folder: ${lockFile} was held for all of the ${Math.round(waitedMs / 1000)} s this run waited. Run again once it ends; if no toolgen run is going on, delete that file`,
    );
    this.name = "LockHeldError";
  }
}

interface Holder {
  readonly pid: number;
  readonly host: string;
}

/**
 * Takes the output folder's lock (creating the folder), waiting up to `waitMs` for another run
 * to let go; returns the function that lets go. A lock whose holder is gone (a run killed on this
 * machine, its pid no longer alive) or older than LOCK_STALE_MS is a leftover and is taken over.
 */
export async function lockFolder(
  outDir: string,
  waitMs: number = LOCK_WAIT_MS,
): Promise<() => void> {
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, LOCK);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname() });
  const started = Date.now();
  for (;;) {
    try {
      // wx: created here and now, or not at all (and never through a link standing there).
      fs.writeFileSync(file, `${mine}\n`, { flag: "wx" });
      return () => {
        if (readLock(file) === `${mine}\n`) fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const text = readLock(file);
    if (text === undefined) continue; // let go of between the two calls: try again at once
    if (isLeftover(file, text)) {
      // Removed only if it still holds what was judged stale: another run may have taken it over.
      if (readLock(file) === text) fs.rmSync(file, { force: true });
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= waitMs) throw new LockHeldError(file, describe(text), waited);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function readLock(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/** A lock left behind: its holder is dead on this machine, or it is older than LOCK_STALE_MS. */
function isLeftover(file: string, text: string): boolean {
  const age =
    Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  if (age > LOCK_STALE_MS) return true;
  const holder = parse(text);
  // Half written (its holder killed between create and write), or not ours to read: judged by age.
  if (holder === null) return age > 5_000;
  return holder.host === os.hostname() && !alive(holder.pid);
}

function parse(text: string): Holder | null {
  try {
    const v = JSON.parse(text) as Partial<Holder>;
    return typeof v.pid === "number" && typeof v.host === "string"
      ? { pid: v.pid, host: v.host }
      : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: a process of another user has that pid, so it is alive.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function describe(text: string): string {
  const holder = parse(text);
  return holder === null
    ? "holder unknown"
    : `pid ${holder.pid} on ${holder.host}`;
}
