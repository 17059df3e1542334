import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { repoRoot } from "./project.js";

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command to its end, never throwing on a non-zero exit. npm's own warnings and notices
 * (about this machine's npm config, a tarball's contents) are left out of stderr: they are not
 * toolgen's. The environment defaults to `cleanEnv`.
 */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = cleanEnv,
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error
          ? typeof error.code === "number"
            ? error.code
            : -1
          : 0;
        resolve({
          code,
          stdout,
          stderr: stderr.replace(/^npm (warn|notice) .*\n/gm, ""),
        });
      },
    );
  });
}

export const npm = process.platform === "win32" ? "npm.cmd" : "npm";
export const npx = process.platform === "win32" ? "npx.cmd" : "npx";

// An environment without the npm_* variables of the `npm test` that may be running this file.
export const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith("npm_")),
);

export interface Packed {
  /** The tarball's path. */
  readonly tarball: string;
  /** Every path the tarball holds. */
  readonly files: readonly string[];
  /** What `npm pack` printed on stderr, npm's warnings left out. */
  readonly stderr: string;
}

/**
 * `npm pack` of this checkout into `dest`. Packing rebuilds dist/ (prepack), and a build that
 * replaces dist/runtime while another pack reads it would leave the folder out of that tarball:
 * packs of test files that run at once take turns, through a lock folder.
 */
export async function packToolgen(dest: string): Promise<Packed> {
  const release = await lock();
  try {
    const packed = await run(
      npm,
      ["pack", "--json", "--pack-destination", dest],
      repoRoot,
      cleanEnv,
    );
    if (packed.code !== 0)
      throw new Error(`npm pack failed (${packed.code}):\n${packed.stderr}`);
    const [info] = JSON.parse(packed.stdout) as [
      { filename: string; files: { path: string }[] },
    ];
    return {
      tarball: path.join(dest, info.filename),
      files: info.files.map((f) => f.path),
      stderr: packed.stderr,
    };
  } finally {
    release();
  }
}

// In the checkout, not in the OS's temp folder, which each test run points at a root of its own
// (global-setup.ts): the lock must keep apart packs of test runs going on at once.
const lockDir = path.join(
  repoRoot,
  "node_modules",
  ".cache",
  `toolgen-pack-${createHash("sha256").update(repoRoot).digest("hex").slice(0, 12)}.lock`,
);

/** Waits for the pack lock (one left by a run killed over 5 minutes ago is taken over). */
async function lock(): Promise<() => void> {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      return () => fs.rmSync(lockDir, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const age =
        Date.now() -
        (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ??
          Date.now());
      if (age > 5 * 60_000)
        fs.rmSync(lockDir, { recursive: true, force: true });
      else await sleep(200);
    }
  }
}
