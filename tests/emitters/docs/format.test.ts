import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { repoRoot, tempProject } from "../../helpers/project.js";
import { docsOf, generateFrom, minimalVariant, specs } from "./helpers.js";

async function expectPrettierClean(docs: Map<string, string>): Promise<void> {
  const config = await prettier.resolveConfig(
    path.join(repoRoot, "generated", "x.ts"),
  );
  for (const file of ["index.js", "index.d.ts"]) {
    const content = docs.get(file)!;
    expect(content, file).toBe(
      await prettier.format(content, {
        ...config,
        filepath: path.join(repoRoot, "generated/docs", file),
      }),
    );
  }
}

describe("the docs package's code is already in prettier's format", () => {
  it.each(Object.keys(specs))("%s", async (name) => {
    await expectPrettierClean(docsOf(generateFrom(specs[name]!)));
  });

  it("with texts short enough that a constant stays on one line, and section ids that need quotes", async () => {
    const dir = tempProject(
      minimalVariant((s) => {
        s.targets.docs.templates = "templates";
        s.sections[0].id = "my-notes";
        s.tools[0].section = "my-notes";
        s.tools[1].section = "my-notes";
      }),
    );
    fs.mkdirSync(path.join(dir, "templates"));
    for (const name of [
      "capabilities.md.hbs",
      "section.md.hbs",
      "section-cli.md.hbs",
    ])
      fs.writeFileSync(path.join(dir, "templates", name), "x\n");
    const docs = docsOf(generateFrom(path.join(dir, "tools.yaml")));
    expect(docs.get("index.js")).toContain(
      '\nexport const mcpCapabilities = "x\\n";\n',
    );
    expect(docs.get("index.js")).toContain(
      '\n  "my-notes": {\n    mcp: "x\\n",\n',
    );
    await expectPrettierClean(docs);
  });
});
