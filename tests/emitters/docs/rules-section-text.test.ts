import { describe, expect, it } from "vitest";
import {
  docsOf,
  generateFrom,
  minimalVariant,
  specs,
  text,
} from "./helpers.js";

// The MCP text of a section, as the default templates render it.

describe("the MCP text of a section", () => {
  it("has the shape the platform's agents read, byte for byte", () => {
    const docs = docsOf(generateFrom(specs.minimal!));
    expect(text(docs, "sections/notes.mcp.md")).toBe(
      [
        "## Notes",
        "",
        "- **add_note**: Add a note.",
        "- **get_note**: Read a note.",
        "",
        "### add_note",
        "When you learn something worth keeping.",
        "",
        "### get_note",
        "When you need a note back.",
        "",
      ].join("\n"),
    );
    expect(text(docs, "sections/misc.mcp.md")).toBe(
      [
        "## Miscellaneous",
        "",
        "- **ping**: Check that the runtime answers.",
        "",
        "### ping",
        "When in doubt.",
        "",
        "That is all.",
        "",
      ].join("\n"),
    );
  });

  it("ends with one newline even when the spec's texts end with blank lines or spaces", () => {
    const spec = minimalVariant((s) => {
      s.sections[1].footer = "That is all.  \n\n\n";
      s.tools[2].when_to_use = "When in doubt.\n\n";
    });
    const docs = docsOf(generateFrom(specs.minimal!, spec));
    expect(text(docs, "sections/misc.mcp.md")).toBe(
      [
        "## Miscellaneous",
        "",
        "- **ping**: Check that the runtime answers.",
        "",
        "### ping",
        "When in doubt.",
        "",
        "That is all.",
        "",
      ].join("\n"),
    );
  });

  it("is rendered without HTML escaping: an apostrophe stays an apostrophe", () => {
    const spec = minimalVariant((s) => {
      s.tools[0].short = `It's <b>bold</b> & "quoted" = \`code\``;
      s.sections[1].footer = "Tom's & Jerry's <footer>";
    });
    const docs = docsOf(generateFrom(specs.minimal!, spec));
    expect(text(docs, "sections/notes.mcp.md")).toContain(
      `- **add_note**: It's <b>bold</b> & "quoted" = \`code\`\n`,
    );
    expect(text(docs, "sections/misc.mcp.md")).toContain(
      "Tom's & Jerry's <footer>\n",
    );
    for (const [file, content] of docs)
      expect(content, file).not.toMatch(
        /&#x27;|&#39;|&amp;|&lt;|&gt;|&quot;|&#x3D;|&#x60;/,
      );
  });

  it("never evaluates spec text as a template", () => {
    const spec = minimalVariant(
      (s) =>
        (s.tools[0].when_to_use =
          "Use {{heading}} and {{#each tools}}x{{/each}} and {{> partial}} literally."),
    );
    const docs = docsOf(generateFrom(specs.minimal!, spec));
    expect(text(docs, "sections/notes.mcp.md")).toContain(
      "\nUse {{heading}} and {{#each tools}}x{{/each}} and {{> partial}} literally.\n",
    );
  });
});
