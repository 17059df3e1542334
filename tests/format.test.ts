import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { specInput } from "../generator/index.js";
import { fixtures, repoRoot } from "./helpers/project.js";
import { generateFromDisk } from "./helpers/generate.js";

/** Every valid spec we keep: the reference and each fixture under tests/fixtures/valid/. */
const specs: [name: string, specPath: string][] = [
  ["tools.yaml", path.join(repoRoot, "tools.yaml")],
  ...fs
    .readdirSync(path.join(fixtures, "valid"))
    .map((name): [string, string] => [
      name,
      path.join(fixtures, "valid", name, "tools.yaml"),
    ]),
];

describe("generated files are already in prettier's format", () => {
  it.each(specs)("%s", async (_name, specPath) => {
    const { files } = generateFromDisk(
      specInput(
        specPath,
        fs.readFileSync(specPath, "utf8"),
        path.dirname(specPath),
      ),
    );
    const config = await prettier.resolveConfig(
      path.join(repoRoot, "generated", "x.ts"),
    );
    let checked = 0;
    for (const file of files) {
      // Resolve ignore rules and the parser as if the file sat in the repository's generated/.
      const asIfIn = path.join(repoRoot, "generated", file.path);
      // generated/ is in .prettierignore now; the Markdown is text kept byte for byte.
      const info = await prettier.getFileInfo(asIfIn);
      if (file.path.endsWith(".md") || !info.inferredParser) continue;
      const formatted = await prettier.format(file.content, {
        ...config,
        filepath: asIfIn,
      });
      expect(file.content, file.path).toBe(formatted);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
