import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { readFixture, repoRoot, tempProject } from "./helpers/project.js";

const bundle = pathToFileURL(path.join(repoRoot, "dist/toolgen.mjs")).href;

/** Runs gen with the bundle in a process of its own: the libraries of dist/chunks/ it loaded. */
const child = `
import { createRequire } from "node:module";
const { main } = await import(${JSON.stringify(bundle)});
const quiet = () => {};
const code = await main([], { cwd: process.cwd(), env: {}, out: quiet, err: (t) => process.stderr.write(t) });
const loaded = Object.keys(createRequire(import.meta.url).cache)
  .filter((file) => /[\\\\/]dist[\\\\/]chunks[\\\\/]/.test(file))
  .map((file) => /([a-z-]+)-[0-9a-f]+\\.cjs$/.exec(file)[1])
  .sort();
process.stdout.write(JSON.stringify({ code, loaded }));
`;

function librariesLoaded(specText: string): string[] {
  const dir = tempProject(specText);
  dirs.push(dir);
  const run = JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", child], {
      cwd: dir,
      encoding: "utf8",
    }),
  ) as { code: number; loaded: string[] };
  expect(run.code).toBe(0);
  return run.loaded;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0))
    fs.rmSync(dir, { recursive: true, force: true });
});

// generator/libraries.ts: the bundle holds none of the three libraries; a run loads each from its
// own file when it first needs it.
describe("the libraries a run loads", () => {
  it("are none for a valid spec without the docs target", () => {
    expect(
      librariesLoaded(readFixture("valid", "client-mcp", "tools.yaml")),
    ).toEqual([]);
  });

  it("are Handlebars alone for the docs target", () => {
    expect(
      librariesLoaded(readFixture("valid", "docs-only", "tools.yaml")),
    ).toEqual(["handlebars"]);
  });

  it("take in the yaml library for a spec the fast reader leaves to it", () => {
    const spec = readFixture("valid", "client-mcp", "tools.yaml");
    // A comment right after a quote is one of the texts the fast reader declines.
    const declined = `${spec.trimEnd()}\n# "x"# declined\n`;
    expect(librariesLoaded(declined)).toContain("yaml");
  });
});
