import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { specInput } from "../generator/index.js";
import { generateFromDisk } from "./helpers/generate.js";
import { repoRoot } from "./helpers/project.js";

// The reference spec's seven packages stay few files: the runtime is written once, in the
// client package, and no file is written twice under two names. docs/packages/index.md says
// what each file is for.

const LIMIT = 60;
const specPath = path.join(repoRoot, "tools.yaml");
const { files } = generateFromDisk(
  specInput(specPath, fs.readFileSync(specPath, "utf8"), repoRoot),
);

describe("the reference spec's packages", () => {
  it(`are at most ${LIMIT} files, the output folder's manifest included`, () => {
    expect(files.map((f) => f.path)).toContain(".toolgen");
    expect(files.length).toBeLessThanOrEqual(LIMIT);
    // All seven packages are there: the count is not low because a target went missing.
    const folders = new Set(
      files
        .filter((f) => f.path.includes("/"))
        .map((f) => f.path.split("/")[0]),
    );
    expect([...folders].sort()).toEqual([
      "ai-sdk",
      "cli",
      "client",
      "docs",
      "function-calling",
      "langchain",
      "mcp",
    ]);
  });

  it("hold no two files with the same content", () => {
    const byContent = new Map<string, string[]>();
    for (const f of files)
      byContent.set(f.content, [...(byContent.get(f.content) ?? []), f.path]);
    const twice = [...byContent.values()].filter((paths) => paths.length > 1);
    expect(twice).toEqual([]);
  });

  it("carry the runtime once, in the client package", () => {
    const runtime = files.filter((f) => f.path.includes("/runtime/"));
    expect(runtime.length).toBeGreaterThan(0);
    expect(
      runtime.filter((f) => !f.path.startsWith("client/runtime/")),
    ).toEqual([]);
    expect(files.filter((f) => f.path.includes("/shared/"))).toEqual([]);
  });
});
