import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { readFixture, repoRoot, tempProject } from "../helpers/project.js";

// Exit 1 means drift and only drift: when toolgen itself cannot build, load or run, `gen --check`
// exits 3 and says why. Each case runs the real bin of a copy of the checkout (its node_modules
// linked in), so breaking a source there leaves the checkout alone.
let root: string;
let project: string;

beforeAll(() => {
  root = tempProject("");
  for (const entry of [
    "bin",
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
      filter: (from) => !["node_modules", "dist"].includes(path.basename(from)),
    });
  fs.symlinkSync(
    path.join(repoRoot, "node_modules"),
    path.join(root, "node_modules"),
  );
  project = path.join(root, "project");
  fs.mkdirSync(project);
  fs.writeFileSync(
    path.join(project, "tools.yaml"),
    readFixture("valid", "minimal", "tools.yaml"),
  );
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const check = () =>
  runBin(path.join(root, "bin", "toolgen.mjs"), ["--check"], {}, project);

/** Puts a built-looking dist/ in the copy: `bundle` as its toolgen.mjs, newer than every source. */
function fakeDist(bundle: string): void {
  const dist = path.join(root, "dist");
  fs.mkdirSync(path.join(dist, "runtime"), { recursive: true });
  fs.writeFileSync(path.join(dist, "toolgen.mjs"), bundle);
  fs.writeFileSync(path.join(dist, ".stamp"), "");
  const later = new Date(Date.now() + 3_600_000);
  fs.utimesSync(path.join(dist, ".stamp"), later, later);
}

describe("gen --check when toolgen itself fails", () => {
  it("a source of the generator that does not compile: exit 3, naming the place", async () => {
    const file = path.join(root, "generator", "io", "unified-diff.ts");
    const text = fs.readFileSync(file, "utf8");
    const line = text.split("\n").length + 1;
    fs.appendFileSync(file, "\nexport const broken = ;\n");
    try {
      const run = await check();
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toContain(
        `toolgen: cannot build itself: the generator does not compile (generator/io/unified-diff.ts:${line}:`,
      );
      expect(run.stderr).not.toMatch(/^\s+at /m);
    } finally {
      fs.writeFileSync(file, text);
    }
  }, 120_000);

  it("a bundle that throws when it loads: exit 3", async () => {
    fakeDist('throw new Error("the bundle broke");\n');
    const run = await check();
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain("toolgen: cannot load its bundle");
    expect(run.stderr).toContain("the bundle broke");
  });

  it.each([
    ["main() rejects", 'await null; throw new Error("crashed");'],
    [
      "an error thrown later, outside main()",
      'setTimeout(() => { throw new Error("crashed"); }, 5); return 1;',
    ],
  ])("%s: exit 3, not 1", async (_, body) => {
    fakeDist(`export async function main() { ${body} }\n`);
    const run = await check();
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(
      "toolgen: internal error (a bug in toolgen, not in your spec):\nError: crashed",
    );
  });
});
