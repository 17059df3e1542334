import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

/** `node scripts/build.mjs` in `root`, to its end. */
function build(
  root: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "scripts", "build.mjs")],
      { cwd: root },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : -1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

/** A line of a Node stack trace. */
const stackLine = /^\s+at /m;

// A copy of what the build reads (the checkout's node_modules linked in), so that breaking a
// source here leaves the checkout, which other tests read meanwhile, alone.
describe("npm run build on sources with type errors", () => {
  let root: string;
  beforeAll(() => {
    root = tempDir("toolgen-build-");
    const skip = new Set(["node_modules", "dist"]);
    for (const entry of [
      "scripts",
      "generator",
      "runtime",
      "reference",
      "templates",
      "tools.schema.json",
      "package.json",
    ])
      fs.cpSync(path.join(repoRoot, entry), path.join(root, entry), {
        recursive: true,
        filter: (from) => !skip.has(path.basename(from)),
      });
    fs.symlinkSync(
      path.join(repoRoot, "node_modules"),
      path.join(root, "node_modules"),
      "junction",
    );
  });
  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const breakFile = (file: string) =>
    fs.appendFileSync(
      path.join(root, file),
      '\nexport const broken: number = "not a number";\n',
    );

  it("exits 1 when a reference package has type errors, and names it", async () => {
    breakFile("reference/runtime/src/index.ts");
    const result = await build(root);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/index\.ts\(\d+,\d+\): error TS2322/);
    expect(result.stderr).toContain(
      "build: reference/runtime has type errors (above)\n",
    );
    expect(result.stderr).not.toMatch(stackLine);
  }, 120_000);

  it("exits 1 when toolgen's runtime has type errors, in one line without a stack", async () => {
    breakFile("runtime/shared/data.ts");
    const result = await build(root);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/data\.ts\(\d+,\d+\): error TS2322/);
    expect(result.stderr).toBe(
      "build: runtime/ has type errors (above); dist/runtime was not updated\n",
    );
  }, 120_000);
});
