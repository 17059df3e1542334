import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tempProject } from "../helpers/project.js";
import { largeShapes } from "./corpus/large.js";

// Every shape of spec near the 16 MiB cap, through the real bin with its heap capped at 400 MB:
// generated (exit 0) or refused with a located message (exit 1 or 2), never an abort. How long
// each takes is measured by hand (docs/hardening.md); the guard only stops a hang.

const STACK = /\n\s+at .+[:(]\d+:\d+\)?\n/;

describe("a spec of any shape near the size cap, through the real bin in 400 MB", () => {
  it.each(largeShapes.map((s) => [s.name, s] as const))(
    "%s: generated or refused, located",
    (_name, shape) => {
      const spec = shape.spec();
      expect(spec.length).toBeLessThan(16 * 1024 * 1024);
      const dir = tempProject(spec);
      try {
        const run = spawnSync(
          process.execPath,
          [
            "--max-old-space-size=400",
            path.join(repoRoot, "bin", "toolgen.mjs"),
          ],
          {
            cwd: dir,
            encoding: "utf8",
            timeout: 240_000,
            maxBuffer: 64 * 1024 * 1024,
            env: { PATH: process.env.PATH ?? "" },
          },
        );
        expect(run.signal, "killed by the 240 s guard").toBeNull();
        expect(run.stderr).not.toMatch(STACK);
        expect(run.stderr).not.toContain("internal error");
        expect([0, 1, 2], run.stderr.slice(0, 2000)).toContain(run.status);
        if (run.status !== 0) {
          expect(run.stderr).toMatch(/^tools\.yaml:\d+:\d+: /m);
          expect(fs.readdirSync(dir)).toEqual(["tools.yaml"]);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
