import fs from "node:fs";
import path from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";
import { specInput } from "../generator/index.js";
import { generateFromDisk } from "./helpers/generate.js";
import { repoRoot } from "./helpers/project.js";

// The reference spec's seven packages stay few files and write nothing twice: the runtime is written once, in the
// client package, and no file is written twice under two names. docs/packages/index.md says
// what each file is for.

const LIMIT = 60;
const specPath = path.join(repoRoot, "tools.yaml");
// The npm packages: the Python distribution (generated/python) is a package of another kind, with
// toolgen's Python runtime in it, and has a test of its own (tests/python).
const { files } = (() => {
  const all = generateFromDisk(
    specInput(specPath, fs.readFileSync(specPath, "utf8"), repoRoot),
  );
  return { files: all.files.filter((f) => !f.path.startsWith("python/")) };
})();

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

/**
 * Each top-level declaration of a runtime declaration file (a `.d.ts` under `client/runtime/`) as
 * `[key, where]`: the key is its text without comments, without the `$1` suffixes the bundler
 * adds to names declared twice, its spaces collapsed; `where` is the file and the name.
 */
function declarations(file: { path: string; content: string }) {
  return parseAst(file.content, { lang: "dts" }).body.flatMap((s) => {
    if (!("id" in s) || s.id === null || s.id.type !== "Identifier") return [];
    const key = file.content
      .slice(s.start, s.end)
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "")
      .replace(/\$\d+\b/g, "")
      .replace(/\s+/g, " ")
      .trim();
    return [[key, `${file.path}: ${s.id.name}`] as const];
  });
}

describe("the runtime's declarations in the client package", () => {
  const dts = files.filter(
    (f) => f.path.startsWith("client/runtime/") && f.path.endsWith(".d.ts"),
  );

  it("are split into each kind's own and chunks of shared ones", () => {
    expect(dts.map((f) => f.path).sort()).toEqual(
      expect.arrayContaining([
        "client/runtime/ai-sdk.d.ts",
        "client/runtime/cli.d.ts",
        "client/runtime/client.d.ts",
        "client/runtime/function-calling.d.ts",
        "client/runtime/langchain.d.ts",
        "client/runtime/mcp.d.ts",
      ]),
    );
    expect(
      dts.some((f) =>
        /^client\/runtime\/chunks\/types-[\w-]+\.d\.ts$/.test(f.path),
      ),
    ).toBe(true);
  });

  it("declare each type, interface and function once: several kinds import it from a chunk", () => {
    const byKey = new Map<string, string[]>();
    for (const f of dts)
      for (const [key, where] of declarations(f))
        byKey.set(key, [...(byKey.get(key) ?? []), where]);
    const repeated = [...byKey.values()].filter((where) => where.length > 1);
    expect(repeated).toEqual([]);
    // The check sees the declarations at all.
    expect(byKey.size).toBeGreaterThan(50);
  });
});
