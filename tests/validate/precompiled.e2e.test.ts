import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  fixtures,
  repoRoot,
  tempProject,
  toolgen,
} from "../helpers/project.js";

const bin = path.join(repoRoot, "bin/toolgen.mjs");

/** Runs the bundled toolgen (dist/, with the precompiled structure validator) as a subprocess. */
function bundled(cwd: string): { code: number; stderr: string } {
  try {
    execFileSync(process.execPath, [bin], {
      cwd,
      encoding: "utf8",
      stdio: "pipe",
    });
    return { code: 0, stderr: "" };
  } catch (e) {
    const error = e as { status: number; stderr: string };
    return { code: error.status, stderr: error.stderr };
  }
}

// The bundle validates with ajv's standalone code for tools.schema.json, the sources compile the
// schema (scripts/build.mjs, generator/validate/structure-validator.ts): both must say the same.
describe("the precompiled structure validator", () => {
  it.each([
    "unknown-key",
    "missing-required-key",
    "wrong-type",
    "bad-tool-name",
    "several-errors",
  ])(
    "reports %s word for word as ajv compiling the schema does",
    async (name) => {
      const dir = tempProject(
        fs.readFileSync(path.join(fixtures, "invalid", `${name}.yaml`), "utf8"),
      );
      const source = await toolgen(dir);
      const fromBundle = bundled(dir);
      expect(source.code).toBe(2);
      expect(fromBundle).toEqual({ code: source.code, stderr: source.stderr });
    },
  );
});
