import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as prompts from "@molecule/platform-prompts";
import { describe, expect, it } from "vitest";
import { markdownHeader } from "../../../generator/render/header.js";
import { docsOf, generateFrom, specs, text } from "./helpers.js";
import { tempDir } from "../../helpers/temp.js";

const packageName = "@molecule/platform-prompts";

/** A Markdown file of the package, found the way a consumer finds it: through the package's exports. */
function markdown(file: string): string {
  return fs.readFileSync(
    createRequire(import.meta.url).resolve(`${packageName}/${file}`),
    "utf8",
  );
}

describe("the prompts package", () => {
  it("exports each text as a string constant, equal to its Markdown file without the header", () => {
    const constants: [string, string][] = [
      [prompts.mcpPrompt, "prompt.mcp.md"],
      [prompts.cliPrompt, "prompt.cli.md"],
      [prompts.mcpCapabilities, "capabilities.mcp.md"],
      [prompts.cliCapabilities, "capabilities.cli.md"],
      [prompts.sections.a2a.mcp, "sections/a2a.mcp.md"],
      [prompts.sections.a2a.cli, "sections/a2a.cli.md"],
      [prompts.sections.memory.mcp, "sections/memory.mcp.md"],
    ];
    for (const [value, file] of constants) {
      const md = markdown(file);
      expect(md.startsWith(markdownHeader), file).toBe(true);
      expect(value, file).toBe(md.slice(markdownHeader.length));
      // The header is for people opening the file; a model reading the constant never sees it.
      expect(value, file).not.toContain("DO NOT EDIT");
    }
  });

  it("is what tools.yaml renders now (generated/ is not stale)", () => {
    const docs = docsOf(generateFrom(specs["tools.yaml"]!));
    expect(prompts.mcpPrompt).toBe(text(docs, "prompt.mcp.md"));
    expect(prompts.sections.a2a.cli).toBe(text(docs, "sections/a2a.cli.md"));
  });

  it("types a section off the CLI as having no CLI block, and knows its section ids", () => {
    const none: null = prompts.sections.memory.cli;
    expect(none).toBeNull();
    // @ts-expect-error: no section has this id.
    expect(prompts.sections.nope).toBeUndefined();
  });

  it("builds the whole prompt from the preamble and the sections in spec order", () => {
    const { sections } = prompts;
    const trim = (t: string) => t.slice(0, -1);
    expect(prompts.mcpPrompt).toBe(
      `${trim(prompts.mcpCapabilities)}\n\n${trim(sections.a2a.mcp)}\n\n${sections.memory.mcp}`,
    );
    // A CLI runtime reads the CLI block of a section on the CLI, the full text of the others.
    expect(prompts.cliPrompt).toBe(
      `${trim(prompts.cliCapabilities)}\n\n${trim(sections.a2a.cli)}\n\n${sections.memory.mcp}`,
    );
  });
});

describe("string constants of punctuation-heavy text", () => {
  it("read back, once imported, exactly as the Markdown files hold them", async () => {
    const docs = docsOf(generateFrom(specs["docs-punctuation"]!));
    const dir = tempDir("toolgen-docs-");
    for (const [file, content] of docs) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), content);
    }
    const mod = await import(pathToFileURL(path.join(dir, "index.js")).href);
    expect(mod.mcpPrompt).toBe(text(docs, "prompt.mcp.md"));
    expect(mod.cliPrompt).toBe(text(docs, "prompt.cli.md"));
    expect(mod.sections["q-and-a"].mcp).toBe(
      text(docs, "sections/q-and-a.mcp.md"),
    );
    expect(mod.sections["q-and-a"].cli).toBe(
      text(docs, "sections/q-and-a.cli.md"),
    );
    expect(mod.sections.misc.mcp).toContain("a trailing backslash \\\n");
    expect(mod.sections.misc.cli).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
