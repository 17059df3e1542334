import path from "node:path";
import { describe, expect, it } from "vitest";
import { goldenFiles } from "../../helpers/goldens.js";
import { docsOf, generateFrom, specs, text } from "./helpers.js";

/*
 * Every rendered text of every spec we keep, as the model reads it (the Markdown file
 * without its header line). Refresh with `npm run test:update`, then read the diff.
 */
const cases = Object.entries(specs).flatMap(([name, specPath]) => {
  const docs = docsOf(generateFrom(specPath));
  return [...docs.keys()]
    .filter((f) => f.endsWith(".md"))
    .map((file): [string, string, Map<string, string>] => [name, file, docs]);
});

describe("the rendered prompt texts", () => {
  it.each(cases)("%s: %s matches its golden", async (name, file, docs) => {
    await expect(text(docs, file)).toMatchFileSnapshot(
      `__snapshots__/${name}/${file}`,
    );
  });

  it("keep a golden for each text and no other file", () => {
    expect(
      goldenFiles(path.join(import.meta.dirname, "__snapshots__")),
    ).toEqual(cases.map(([name, file]) => `${name}/${file}`).sort());
  });

  it("are, for the reference spec, one MCP text per section, a CLI block per CLI section, two preambles and two prompts", () => {
    const docs = docsOf(generateFrom(specs["tools.yaml"]!));
    expect([...docs.keys()].sort()).toEqual([
      "capabilities.cli.md",
      "capabilities.mcp.md",
      "index.d.ts",
      "index.js",
      "package.json",
      "prompt.cli.md",
      "prompt.mcp.md",
      "sections/a2a.cli.md",
      "sections/a2a.mcp.md",
      "sections/memory.mcp.md",
    ]);
  });

  it.each(cases)(
    "%s: %s ends with exactly one newline and has no trailing spaces, no CR, no run of blank lines",
    (_name, file, docs) => {
      const t = text(docs, file);
      expect(t).toMatch(/[^\n]\n$/);
      expect(t).not.toMatch(/[ \t]$/m);
      expect(t).not.toContain("\r");
      expect(t).not.toContain("\n\n\n");
    },
  );
});
