import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/project.js";
import { tempDir } from "./helpers/temp.js";

// `npm run bench` at its smallest size, to prove it still runs end to end: its figures are never
// asserted (they depend on the machine), only that each measure was taken and written.
describe("npm run bench, at the smallest size", () => {
  it("measures gen, gen --check, diff and the generated MCP server, prints the table and writes the JSON", () => {
    const dir = tempDir("toolgen-bench-test-");
    try {
      const out = path.join(dir, "results.json");
      const run = spawnSync(
        process.execPath,
        [
          path.join(repoRoot, "bench/run.mjs"),
          "--sizes",
          "15",
          "--runs",
          "1",
          "--warmup",
          "0",
          "--mcp-tools",
          "15",
          "--out",
          out,
        ],
        {
          encoding: "utf8",
          timeout: 120_000,
        },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/\| synthetic-15 +\| +15 \|/);
      expect(run.stdout).toContain("wiring overhead per call");

      const results = JSON.parse(fs.readFileSync(out, "utf8"));
      expect(results.gen).toHaveLength(1);
      const [row] = results.gen;
      expect(row).toMatchObject({ spec: "synthetic-15", tools: 15 });
      expect(row.files).toBeGreaterThan(0);
      for (const measured of [row.gen, row.check, row.diff]) {
        for (const key of ["min", "median", "max"])
          expect(measured.wall[key]).toBeGreaterThan(0);
        expect(measured.rssMb.max).toBeGreaterThan(0);
      }
      expect(results.mcp.tools).toBe(15);
      expect(results.mcp.listMs.median).toBeGreaterThan(0);
      expect(results.mcp.callMs.wired.median).toBeGreaterThan(0);
      expect(results.targets.map((t: { what: string }) => t.what)).toContain(
        "check / gen, synthetic-15",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
