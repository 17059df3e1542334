import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { E2E } from "../vitest.config.js";
import { repoRoot } from "./helpers/project.js";

/** Modules that start a process or a type-checker: the e2e project's business, never the quick loop's. */
const SLOW_MODULES = [
  "node:child_process",
  "helpers/bin.js",
  "helpers/type-check.js",
  "helpers/pack.js",
  "bin-setup.js",
];
const importsSlow = (source: string) =>
  SLOW_MODULES.some((m) => new RegExp(`from "[./]*${m}"`).test(source));

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? e.name === "node_modules" || e.name === "fixtures"
          ? []
          : testFiles(`${dir}/${e.name}`)
        : e.name.endsWith(".test.ts")
          ? [`${dir}/${e.name}`]
          : [],
    );
}

/** An entry of E2E is a file's path or `<folder>/` followed by `**` and `/*.test.ts`. */
function matches(entry: string, file: string): boolean {
  const folder = entry.endsWith("/**/*.test.ts")
    ? entry.slice(0, -"**/*.test.ts".length)
    : undefined;
  return folder ? file.startsWith(folder) : file === entry;
}

const inE2E = (file: string) => E2E.some((entry) => matches(entry, file));

describe("the quick and e2e projects", () => {
  const files = testFiles("tests");

  it("every entry of the e2e list names test files that exist", () => {
    for (const entry of E2E)
      expect(
        files.some((f) => matches(entry, f)),
        entry,
      ).toBe(true);
  });

  it("no quick test starts a process or a type-checker", () => {
    const slow = files.filter(
      (f) =>
        !inE2E(f) &&
        importsSlow(fs.readFileSync(path.join(repoRoot, f), "utf8")),
    );
    expect(slow, "move these to E2E in vitest.config.ts").toEqual([]);
  });
});
