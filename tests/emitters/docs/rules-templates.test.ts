import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempProject, toolgen } from "../../helpers/project.js";
import {
  docsOf,
  errorsOf,
  generateFrom,
  generateIn,
  projectWithTemplates,
  specs,
  text,
  withTemplates,
} from "./helpers.js";

// The docs templates: strict about what they name and how they are written, and replaceable by
// the user's own.

describe("templates are strict", () => {
  it("a field the context lacks is an error naming the template, its line and column", async () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "section.md.hbs": "## {{heading}}\n\n{{descripton}}\n",
    });
    const [d, ...rest] = errorsOf(() => generateIn(dir));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: "error", line: 3, col: 3 });
    expect(d!.file.endsWith("templates/section.md.hbs")).toBe(true);
    expect(d!.message).toContain("'descripton' is not defined");

    // Through the CLI: file:line:col relative to the folder it runs in (not this test process's),
    // a code frame of the template, exit 2, nothing written.
    expect(path.relative(process.cwd(), dir).startsWith("..")).toBe(true);
    const run = await toolgen(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^templates\/section\.md\.hbs:3:3: 'descripton' is not defined/m,
    );
    expect(run.stderr).toMatch(/^> 3 \| \{\{descripton\}\}$/m);
    expect(fs.existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("a syntax error names the template and its line", () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "capabilities.md.hbs": "## Caps\n{{#each sections}}\n- {{label}}\n",
    });
    const [d] = errorsOf(() => generateIn(dir));
    expect(d!.file.endsWith("templates/capabilities.md.hbs")).toBe(true);
    // Handlebars finds out at the end of the text, after the last line break.
    expect(d!.line).toBe(4);
    expect(d!.message).toBe(
      "cannot parse the template: it ends too early (is a {{#block}} left open?)",
    );
  });

  it("a misplaced token is located on its line", () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "section.md.hbs": "## {{heading}}\n\n{{label x=}}\n{{/each}}\n",
    });
    const [d] = errorsOf(() => generateIn(dir));
    expect(d).toMatchObject({
      line: 3,
      message: "cannot parse the template: unexpected '}}'",
    });
  });

  it("a block closed by the wrong name is located", () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "section-cli.md.hbs": "## {{heading}}\n{{#each cli.commands}}\n{{/if}}\n",
    });
    const [d] = errorsOf(() => generateIn(dir));
    expect(d).toMatchObject({ line: 2, message: "each doesn't match if" });
  });
});

describe("custom templates", () => {
  const section =
    "# {{heading}} ({{tools.length}} tools)\n{{#each tools}}\n* {{name}} — {{short}}\n{{/each}}\n";

  it("come from targets.docs.templates, relative to the spec; the templates it lacks stay toolgen's", () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "section.md.hbs": section,
    });
    const docs = docsOf(generateIn(dir));
    expect(text(docs, "sections/notes.mcp.md")).toBe(
      "# Notes (2 tools)\n* add_note — Add a note.\n* get_note — Read a note.\n",
    );
    const defaults = docsOf(generateFrom(specs.minimal!));
    expect(text(docs, "sections/notes.cli.md")).toBe(
      text(defaults, "sections/notes.cli.md"),
    );
    expect(text(docs, "capabilities.mcp.md")).toBe(
      text(defaults, "capabilities.mcp.md"),
    );
    // The whole prompt is built from the custom section text.
    expect(text(docs, "prompt.mcp.md")).toContain(
      "\n\n# Notes (2 tools)\n* add_note",
    );
  });

  it("come from --templates, which wins over the spec's folder", async () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "section.md.hbs": section,
    });
    fs.mkdirSync(path.join(dir, "other"));
    fs.writeFileSync(
      path.join(dir, "other", "section.md.hbs"),
      "## {{heading}} from the flag\n",
    );
    const run = await toolgen(dir, "--templates", "other");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const md = fs.readFileSync(
      path.join(dir, "generated/docs/sections/notes.mcp.md"),
      "utf8",
    );
    expect(md.endsWith("\n## Notes from the flag\n")).toBe(true);
  });

  it("may be written with CRLF line endings; the output is LF", () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "section.md.hbs": section.replace(/\n/g, "\r\n"),
    });
    const docs = docsOf(generateIn(dir));
    expect(text(docs, "sections/notes.mcp.md")).toBe(
      "# Notes (2 tools)\n* add_note — Add a note.\n* get_note — Read a note.\n",
    );
  });

  it("warn about a template file toolgen does not read (a misspelt name)", () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "sections.md.hbs": section,
      "README.txt": "notes",
    });
    const { warnings } = generateIn(dir);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.file.endsWith("templates/sections.md.hbs")).toBe(true);
    expect(warnings[0]!.message).toContain(
      "toolgen does not use this template",
    );
    expect(warnings[0]!.message).toContain("section.md.hbs");
  });

  it("report that warning beside the errors it may explain", () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "sectoin.md.hbs": section,
      "capabilities.md.hbs": "{{preambel}}\n",
    });
    const diagnostics = errorsOf(() => generateIn(dir));
    expect(
      diagnostics.map((d) => [d.severity, path.basename(d.file)]).sort(),
    ).toEqual([
      ["error", "capabilities.md.hbs"],
      ["warning", "sectoin.md.hbs"],
    ]);
  });

  it("must exist", () => {
    const dir = tempProject(withTemplates("no-such-folder"));
    const [d] = errorsOf(() => generateIn(dir));
    expect(d!.file.endsWith("no-such-folder")).toBe(true);
    expect(d!.message).toContain("the templates folder does not exist");
  });
});
