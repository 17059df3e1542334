import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tempProject } from "../helpers/project.js";
import { vary } from "./corpus/base.js";

// A wide schema with a problem in each of its 20,000 properties: every problem is reported,
// each located, in time linear in their number. Locating each one in the mapping, framing it
// in the spec's lines and grouping ajv's errors each cost a pass over all of them (70 s here,
// where it now takes under 10); the guard stops a run at 60.
const COUNT = 20_000;

describe("a schema with a problem in each of 20,000 properties", () => {
  it("reports them all, located, through the real bin in 400 MB", () => {
    const props = Array.from(
      { length: COUNT },
      (_, i) => `        p${i}: { type: strin }`,
    ).join("\n");
    const dir = tempProject(
      vary([
        "input: { type: object, properties: {} }",
        `input:\n      type: object\n      properties:\n${props}`,
      ]),
    );
    try {
      const run = spawnSync(
        process.execPath,
        ["--max-old-space-size=400", path.join(repoRoot, "bin", "toolgen.mjs")],
        {
          cwd: dir,
          encoding: "utf8",
          timeout: 60_000,
          maxBuffer: 256 * 1024 * 1024,
          env: { PATH: process.env.PATH ?? "" },
        },
      );
      expect(run.signal, "killed by the 60 s guard").toBeNull();
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`toolgen: ${COUNT} error(s)`);
      // The last property's problem, at its own line (the spec's 63 lines come first).
      expect(run.stderr).toContain(
        `tools.yaml:${63 + COUNT}:25: tool 'ping', input 'p${COUNT - 1}': the input schema is not valid JSON Schema: 'type' must be one of`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
