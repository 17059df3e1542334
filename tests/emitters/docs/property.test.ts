import path from "node:path";
import fc from "fast-check";
import { seeded } from "../../properties/settings.js";
import { describe, expect, it } from "vitest";
import { shownPath } from "../../../generator/diagnostics/shown-path.js";
import {
  docsOf,
  generateFrom,
  minimalVariant,
  specs,
  text,
} from "./helpers.js";

/** Characters that mean something to Markdown, HTML, Handlebars, JavaScript or YAML, plus wide and accented ones. */
const tricky = fc.constantFrom(
  ..."ab Z09'\"&<>|`#{}\\*$~-:!?%@=()[]/.,;éß日本—\t".split(""),
);
/** One line of text as a spec would hold it: no line break, nothing to trim at either end. */
const line = fc
  .string({ unit: tricky, minLength: 1, maxLength: 40 })
  .filter((s) => s.trim() === s && s.length > 0);

describe("the MCP text of a section, for any text", () => {
  it("holds each text verbatim in the shape of the issue", () => {
    fc.assert(
      fc.property(
        line,
        fc.array(line, { minLength: 1, maxLength: 3 }),
        line,
        (short, paragraph, footer) => {
          const whenToUse = paragraph.join("\n");
          const spec = minimalVariant((s) => {
            s.tools[0].short = short;
            s.tools[0].when_to_use = whenToUse;
            s.sections[0].footer = footer;
          });
          const docs = docsOf(generateFrom(specs.minimal!, spec));
          expect(text(docs, "sections/notes.mcp.md")).toBe(
            `## Notes\n\n- **add_note**: ${short}\n- **get_note**: Read a note.\n\n` +
              `### add_note\n${whenToUse}\n\n### get_note\nWhen you need a note back.\n\n${footer}\n`,
          );
          expect(text(docs, "capabilities.mcp.md")).toContain(
            `\n- \`add_note\` — ${short}\n`,
          );
        },
      ),
      seeded(25),
    );
  });
});

describe("template paths in messages", () => {
  it("are relative to the working folder when inside it, absolute otherwise, with / separators", () => {
    expect(
      shownPath(
        path.join(process.cwd(), "prompts", "section.md.hbs"),
        process.cwd(),
      ),
    ).toBe("prompts/section.md.hbs");
    const outside = path.resolve(
      process.cwd(),
      "..",
      "elsewhere",
      "section.md.hbs",
    );
    expect(shownPath(outside, process.cwd())).toBe(
      outside.split(path.sep).join("/"),
    );
  });
});
