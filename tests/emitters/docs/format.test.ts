import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layoutProblems } from "../../helpers/layout.js";
import { tempProject } from "../../helpers/project.js";
import { docsOf, generateFrom, minimalVariant, specs } from "./helpers.js";

function expectLayoutClean(docs: Map<string, string>): void {
  for (const file of ["index.js", "index.d.ts"])
    expect(layoutProblems({ path: file, content: docs.get(file)! })).toEqual(
      [],
    );
}

describe("the docs package's code keeps the fixed layout and parses", () => {
  it.each(Object.keys(specs))("%s", (name) => {
    expectLayoutClean(docsOf(generateFrom(specs[name]!)));
  });

  it("with section ids that need quotes, each text read from its file", () => {
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
      '\nexport const mcpCapabilities = text("capabilities.mcp.md");\n',
    );
    expect(docs.get("index.js")).toContain(
      '\n  "my-notes": {\n    mcp: text("sections/my-notes.mcp.md"),\n',
    );
    expectLayoutClean(docs);
  });
});
