import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type GeneratedFile } from "../../../generator/index.js";
import { fixtures, repoRoot } from "../../helpers/project.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { goldenFiles } from "../../helpers/goldens.js";

function langchainFiles(specPath: string): GeneratedFile[] {
  const text = fs.readFileSync(specPath, "utf8");
  const { files } = generateFromDisk({
    file: "tools.yaml",
    text,
    dir: path.dirname(specPath),
  });
  return files.filter((f) => f.path.startsWith("langchain/"));
}

const minimal = path.join(fixtures, "valid/minimal/tools.yaml");
const reference = path.join(repoRoot, "tools.yaml");

// The reference spec's output is generated/langchain itself, guarded by the drift gate.
describe("the langchain package of the minimal spec", () => {
  const files = langchainFiles(minimal);

  it.each(files.map((f) => [f.path, f] as const))(
    "%s matches its golden",
    async (_, file) => {
      await expect(file.content).toMatchFileSnapshot(
        `__snapshots__/minimal/${file.path.slice("langchain/".length)}`,
      );
    },
  );

  it("its golden folder holds those files and no other", () => {
    const golden = path.join(import.meta.dirname, "__snapshots__", "minimal");
    expect(goldenFiles(golden)).toEqual(
      files.map((f) => f.path.slice("langchain/".length)).sort(),
    );
  });
});

describe.each([
  ["minimal", minimal],
  ["reference", reference],
])("the langchain package of the %s spec", (_, specPath) => {
  const files = langchainFiles(specPath);

  it("carries no runtime of its own: imports its kind from the client package, by its name", () => {
    expect(files.map((f) => f.path).sort()).toEqual([
      "langchain/index.d.ts",
      "langchain/index.js",
      "langchain/package.json",
      "langchain/tools.json",
    ]);
    const client = parse(fs.readFileSync(specPath, "utf8")).targets.client
      .package as string;
    const content = (p: string) => files.find((f) => f.path === p)!.content;
    expect(content("langchain/index.js")).toContain(
      `await import("${client}/runtime/langchain")`,
    );
    expect(content("langchain/index.d.ts")).toContain(
      `import type { Surface } from "${client}/runtime/langchain";`,
    );
  });

  it("keeps the spec's descriptions out of the code files", () => {
    const spec = fs.readFileSync(specPath, "utf8");
    const shorts = [...spec.matchAll(/^\s+short: (.+)$/gm)].map((m) => m[1]!);
    expect(shorts.length).toBeGreaterThan(0);
    const code = files.filter(
      (f) => f.path.endsWith(".js") || f.path.endsWith(".ts"),
    );
    expect(code.length).toBe(2);
    for (const f of code) {
      for (const s of shorts) expect(f.content).not.toContain(s);
    }
  });
});
