import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FolderHeldError, OWNER_FILE } from "@molecule/platform-runtime";
import { describe, expect, it } from "vitest";
import { runtimeFor, tempFolder } from "./helpers.js";
import { platform } from "./inbox-platform.js";

// The state folder's lock, within one process and against locks other processes left.

const lockOf = (stateDir: string) => path.join(stateDir, OWNER_FILE);

describe("the state folder's owner", () => {
  it("a second runtime of the same process is refused while the first runs, and starts once it stopped", async () => {
    const stateDir = tempFolder();
    const first = runtimeFor(platform, { register: false, stateDir });
    await first.runtime.start();
    const second = runtimeFor(platform, { register: false, stateDir });
    const refused = await second.runtime.start().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FolderHeldError);
    expect((refused as Error).message).toContain(
      `(process ${process.pid} on host ${os.hostname()}, this very process)`,
    );
    await first.runtime.stop();
    expect(fs.existsSync(lockOf(stateDir))).toBe(false);
    const third = runtimeFor(platform, { register: false, stateDir });
    await third.runtime.start();
    expect(JSON.parse(fs.readFileSync(lockOf(stateDir), "utf8"))).toMatchObject(
      { pid: process.pid, host: os.hostname() },
    );
  });

  it("a lock held on another host is never taken over from here", async () => {
    const stateDir = tempFolder();
    fs.writeFileSync(
      lockOf(stateDir),
      JSON.stringify({ pid: 1, host: "elsewhere.example", id: "x" }),
    );
    const { runtime } = runtimeFor(platform, { register: false, stateDir });
    await expect(runtime.start()).rejects.toThrow(
      `the state folder ${stateDir} is in use by another runtime (process 1 on host elsewhere.example)`,
    );
  });

  it("a lock whose process is dead on this host, or that was never written whole, is taken over", async () => {
    for (const [text, age] of [
      [JSON.stringify({ pid: deadPid(), host: os.hostname(), id: "x" }), 0],
      ["", 60_000],
    ] as const) {
      const stateDir = tempFolder();
      fs.writeFileSync(lockOf(stateDir), text);
      const then = new Date(Date.now() - age);
      fs.utimesSync(lockOf(stateDir), then, then);
      const { runtime } = runtimeFor(platform, { register: false, stateDir });
      await runtime.start();
      expect(
        JSON.parse(fs.readFileSync(lockOf(stateDir), "utf8")),
      ).toMatchObject({ pid: process.pid });
    }
  });

  it("a runtime made for one command, or with push delivery, never takes the folder", async () => {
    const stateDir = tempFolder();
    const owner = runtimeFor(platform, { register: false, stateDir });
    await owner.runtime.start();
    const lock = fs.readFileSync(lockOf(stateDir), "utf8");
    // Made and stopped without a start, as the CLI does for one command.
    const command = runtimeFor(platform, { register: false, stateDir });
    await command.runtime.stop();
    const push = runtimeFor(platform, {
      register: false,
      stateDir,
      delivery: "push",
    });
    await push.runtime.start();
    await push.runtime.stop();
    expect(fs.readFileSync(lockOf(stateDir), "utf8")).toBe(lock);
  });
});

/** A pid no process has: the highest one the system can give, plus one. */
function deadPid(): number {
  let max = 4_194_304;
  try {
    max = Number(fs.readFileSync("/proc/sys/kernel/pid_max", "utf8"));
  } catch {
    // Not Linux: the usual ceiling.
  }
  return max + 1;
}
