import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { genRun } from "../../generator/commands/gen-run.js";
import { LOCK, lockFolder, LockHeldError } from "../../generator/io/lock.js";
import {
  readFixture,
  removedAfterEach,
  tempProject,
} from "../helpers/project.js";

const removed = removedAfterEach();
const io = { cwd: "/", out: () => {}, err: () => {} };

describe("the output folder's lock", () => {
  it("is held by one run at a time and let go of afterwards", async () => {
    const out = path.join(removed(tempProject("")), "generated");
    const release = await lockFolder(out);
    const lock = JSON.parse(fs.readFileSync(path.join(out, LOCK), "utf8"));
    expect(lock).toEqual({ pid: process.pid, host: os.hostname() });
    await expect(lockFolder(out, 150)).rejects.toThrow(LockHeldError);
    release();
    expect(fs.existsSync(path.join(out, LOCK))).toBe(false);
    (await lockFolder(out, 150))();
  });

  it("held by a live run: gen waits, then says so with exit 2 and writes nothing", async () => {
    const dir = removed(
      tempProject(readFixture("valid", "minimal", "tools.yaml")),
    );
    fs.writeFileSync(path.join(dir, "package.json"), '{ "name": "p" }\n');
    const out = path.join(dir, "generated");
    const release = await lockFolder(out);
    try {
      const run = await genRun(
        {
          spec: path.join(dir, "tools.yaml"),
          check: false,
          argv: [],
          lockWaitMs: 200,
        },
        io,
      );
      expect(run.exit).toBe(2);
      expect(run.problem).toContain(
        `another toolgen run (pid ${process.pid} on ${os.hostname()}) is writing that folder`,
      );
      expect(fs.readdirSync(out)).toEqual([LOCK]);
    } finally {
      release();
    }
  });
});
