import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_SPEC_BYTES } from "../../generator/read/bounded.js";
import { readFixture, repoRoot, tempProject } from "../helpers/project.js";

// The spec is read in bounded memory whatever it is: a device that never ends, a pipe, a FIFO,
// a file far larger than the limit. Each run is the real bin, its peak memory measured by itself.
const bin = path.join(repoRoot, "bin", "toolgen.mjs");
const project = tempProject(readFixture("valid", "minimal", "tools.yaml"));
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

/** Prints the process's peak resident memory (KB) as its last line of stderr when it exits. */
const peak = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\nmaxRSS "+process.resourceUsage().maxRSS+"\\n"))`;

interface Result {
  code: number | null;
  stderr: string;
  maxRssMb: number;
  ms: number;
}

/** Runs `toolgen --spec <spec>` in the project; `pipe`, a shell command, writes into its stdin. */
function gen(spec: string, pipe?: string) {
  return new Promise<Result>((resolve, reject) => {
    const started = Date.now();
    const args = ["--import", peak, bin, "--spec", spec];
    const quoted = [process.execPath, ...args].map((a) => `'${a}'`).join(" ");
    // A shell pipeline gives toolgen a real pipe as stdin (Node's own stdio pipes are sockets).
    const child = pipe
      ? spawn("sh", ["-c", `${pipe} | ${quoted}`], {
          cwd: project,
          env: { PATH: process.env.PATH ?? "" },
          stdio: ["ignore", "ignore", "pipe"],
          // Its own process group, so a timeout kills the whole pipeline.
          detached: true,
        })
      : spawn(process.execPath, args, {
          cwd: project,
          env: { PATH: process.env.PATH ?? "" },
          stdio: ["ignore", "ignore", "pipe"],
        });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    const timer = setTimeout(
      () => process.kill(pipe ? -child.pid! : child.pid!, "SIGKILL"),
      30_000,
    );
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const rss = /maxRSS (\d+)/.exec(stderr);
      resolve({
        code,
        stderr,
        maxRssMb: rss ? Number(rss[1]) / 1024 : Infinity,
        ms: Date.now() - started,
      });
    });
  });
}

// Node itself and the bundle take about 60 MB; the limit's 16 MB of spec is held once.
const bounded = 200;

function expectRefused(run: Result): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toContain(
    `holds more than ${MAX_SPEC_BYTES} bytes, the most toolgen reads (by default)`,
  );
  expect(run.maxRssMb).toBeLessThan(bounded);
  // Killed at 30 s otherwise: reading 16 MB and stopping takes well under a second of it.
  expect(run.ms).toBeLessThan(20_000);
}

describe("a spec larger than the limit", () => {
  it("refuses /dev/zero (a device with no size) in bounded memory", async () => {
    expectRefused(await gen("/dev/zero"));
  });

  it("refuses a pipe that never ends, given as /dev/stdin", async () => {
    expectRefused(await gen("/dev/stdin", "yes 'a: b'"));
  });

  it("refuses a FIFO that never ends", async () => {
    const fifo = path.join(project, "spec.fifo");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    // The writer opens the FIFO in its own process: opening blocks until toolgen reads it.
    const writer = spawn("sh", ["-c", `yes 'a: b' > "${fifo}"`], {
      stdio: "ignore",
    });
    try {
      expectRefused(await gen(fifo));
    } finally {
      writer.kill("SIGKILL");
    }
  });

  it("refuses a 300 MB file without reading it whole", async () => {
    const big = path.join(project, "big.yaml");
    const fd = fs.openSync(big, "w");
    fs.ftruncateSync(fd, 300 * 1024 * 1024); // sparse: no disk is used
    fs.closeSync(fd);
    expectRefused(await gen(big));
  });
});
