import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENV } from "./settings.js";

/** The file a started runtime holds in its state folder for as long as it runs. */
export const OWNER_FILE = "runtime.lock";

/** A lock file that holds no holder yet (its maker was killed while writing it) is a leftover once this old. */
const HALF_WRITTEN_MS = 5_000;

/** Waited on for a short pause while another runtime takes a leftover lock over. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Another runtime runs from the state folder: this one must not start there. */
export class FolderHeldError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: string,
  ) {
    super(
      `the state folder ${folder} is in use by another runtime (${holder}); ` +
        `give this one a folder of its own (${ENV.stateDir}), or stop that one. ` +
        `If no runtime runs there, delete ${path.join(folder, OWNER_FILE)}`,
    );
    this.name = "FolderHeldError";
  }
}

interface Holder {
  readonly pid: number;
  readonly host: string;
}

/**
 * Takes the state folder for this process (creating it): one started runtime owns a folder at a
 * time, since two would poll the same cursors into the same inbox and hand each message to both
 * agents. Returns the function that lets go. Throws FolderHeldError when a live runtime holds it.
 *
 * The lock is `runtime.lock`, made with O_EXCL and holding `{pid, host, id}`. One whose holder is
 * gone (a runtime killed on this machine: its pid no longer alive) is a leftover and is taken
 * over; that removal is done only under `runtime.lock.takeover`, a second O_EXCL file, so that of
 * two runtimes starting at once beside a leftover, one removes it and the other finds the
 * winner's lock, never removes it. A lock held on another host is never judged from here.
 */
export function takeFolder(folder: string): () => void {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, OWNER_FILE);
  const mine = `${JSON.stringify({ pid: process.pid, host: os.hostname(), id: randomUUID() })}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      // wx: created here and now, or not at all (and never through a link standing there).
      fs.writeFileSync(file, mine, { flag: "wx" });
      return () => {
        if (read(file) === mine) fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const text = read(file);
    if (text === undefined) continue; // let go of between the two calls: try again
    if (attempt < 100 && isLeftover(file, text) && takeOver(file, text))
      continue;
    throw new FolderHeldError(folder, describe(text));
  }
}

/**
 * Removes the leftover lock `text`, unless another runtime took the folder meanwhile; true when
 * the caller should try again (also when another runtime is taking it over right now).
 */
function takeOver(file: string, text: string): boolean {
  const guard = `${file}.takeover`;
  try {
    fs.writeFileSync(guard, `${process.pid}\n`, { flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    // A guard left by a runtime killed in the middle of a takeover (which takes microseconds).
    const age = ageOf(guard);
    if (age !== undefined && age > HALF_WRITTEN_MS)
      fs.rmSync(guard, { force: true });
    else Atomics.wait(PAUSE, 0, 0, 20);
    return true;
  }
  try {
    if (read(file) === text) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
  return true;
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

function ageOf(file: string): number | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat === undefined ? undefined : Date.now() - stat.mtimeMs;
}

/** Its holder is dead on this machine, or it never got one and is no longer being written. */
function isLeftover(file: string, text: string): boolean {
  const holder = parse(text);
  if (holder === null) return (ageOf(file) ?? 0) > HALF_WRITTEN_MS;
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
  if (holder === null) return "its process is not yet known";
  const self =
    holder.pid === process.pid && holder.host === os.hostname()
      ? ", this very process"
      : "";
  return `process ${holder.pid} on host ${holder.host}${self}`;
}
