import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./project.js";
import { tempDir } from "./temp.js";

// A test run leaves nothing in the OS's temp folder, even when a test fails: an inner vitest run,
// given an empty temp folder of its own, runs a test that makes folders every way the suite does
// and then fails.
describe("the test run's temporary root", () => {
  it("is removed whole after a run whose test failed", async () => {
    const osTemp = tempDir("inner-os-temp-");
    const report = path.join(tempDir("inner-report-"), "made.json");
    const run = await new Promise<{ code: number | null; out: string }>(
      (resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            path.join(repoRoot, "node_modules", "vitest", "vitest.mjs"),
            "run",
            "--config",
            path.join(repoRoot, "tests/fixtures/temp-cleanup/vitest.config.ts"),
          ],
          {
            cwd: repoRoot,
            env: {
              PATH: process.env.PATH ?? "",
              TMPDIR: osTemp,
              TOOLGEN_INNER_REPORT: report,
              NO_COLOR: "1",
            },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, out }));
      },
    );
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain("failing on purpose");
    const made = JSON.parse(fs.readFileSync(report, "utf8")) as string[];
    expect(made).toHaveLength(4);
    for (const dir of made) {
      expect(dir.startsWith(`${osTemp}${path.sep}`), dir).toBe(true);
      expect(fs.existsSync(dir), dir).toBe(false);
    }
    expect(fs.readdirSync(osTemp)).toEqual([]);
  }, 120_000);
});
