import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK } from "../../generator/io/lock.js";
import { runBin, type Run } from "../helpers/bin.js";
import {
  readFixture,
  removedAfterEach,
  repoRoot,
  snapshotDir,
  tempProject,
} from "../helpers/project.js";

// Gen runs at once on one project: each waits for the folder's lock, so all succeed (or a loser
// says another run holds the folder), and the tree is whole and clean afterwards.
const bin = path.join(repoRoot, "bin", "toolgen.mjs");
const removed = removedAfterEach();

function project(): string {
  const dir = removed(
    tempProject(readFixture("valid", "minimal", "tools.yaml")),
  );
  fs.writeFileSync(path.join(dir, "package.json"), '{ "name": "p" }\n');
  return dir;
}

const gen = (dir: string, ...args: string[]): Promise<Run> =>
  runBin(bin, args, {}, dir);

/** The pid of a process that was SIGKILLed and is gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
    stdio: "ignore",
  });
  await new Promise((resolve) => child.once("spawn", resolve));
  const pid = child.pid!;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  return pid;
}

describe("ten gen runs at once on a project with no generated/", () => {
  it("all succeed, or a loser says another run holds the folder; the tree is clean afterwards", async () => {
    const dir = project();
    const runs = await Promise.all(Array.from({ length: 10 }, () => gen(dir)));
    for (const run of runs) {
      if (run.code === 0) continue;
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain("another toolgen run");
    }
    expect(runs.some((r) => r.code === 0)).toBe(true);
    const out = path.join(dir, "generated");
    const files = Object.keys(snapshotDir(out));
    expect(files.filter((f) => f.endsWith(".tmp") || f === LOCK)).toEqual([]);
    const check = await gen(dir, "--check");
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });
});

describe("a lock left behind", () => {
  it("by a run that was SIGKILLed does not block the next run", async () => {
    const dir = project();
    const out = path.join(dir, "generated");
    fs.mkdirSync(out);
    const pid = await deadPid();
    fs.writeFileSync(
      path.join(out, LOCK),
      `${JSON.stringify({ pid, host: os.hostname() })}\n`,
    );
    const started = Date.now();
    const run = await gen(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(fs.existsSync(path.join(out, LOCK))).toBe(false);
    expect((await gen(dir, "--check")).code).toBe(0);
  });

  it("older than ten minutes is taken over even when its pid is alive (a reused pid)", async () => {
    const dir = project();
    const out = path.join(dir, "generated");
    fs.mkdirSync(out);
    const lock = path.join(out, LOCK);
    fs.writeFileSync(
      lock,
      `${JSON.stringify({ pid: process.pid, host: os.hostname() })}\n`,
    );
    const old = new Date(Date.now() - 11 * 60_000);
    fs.utimesSync(lock, old, old);
    const run = await gen(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
  });
});
