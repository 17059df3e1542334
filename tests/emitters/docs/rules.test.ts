import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../../generator/index.js";
import { tempProject, toolgen } from "../../helpers/project.js";
import {
  docsOf,
  generateFrom,
  minimalVariant,
  specs,
  text,
} from "./helpers.js";
import { generateFromDisk } from "../../helpers/generate.js";

/** A project holding `spec` and, under `templates/`, the given template files. */
function projectWithTemplates(
  spec: string,
  templates: Record<string, string>,
): string {
  const dir = tempProject(spec);
  fs.mkdirSync(path.join(dir, "templates"));
  for (const [name, source] of Object.entries(templates))
    fs.writeFileSync(path.join(dir, "templates", name), source);
  return dir;
}

function generateIn(dir: string, options: { templates?: string } = {}) {
  return generateFrom(path.join(dir, "tools.yaml"), undefined, options);
}

/** The diagnostics generateFromDisk() throws for an invalid input. */
function errorsOf(run: () => unknown): readonly Diagnostic[] {
  try {
    run();
  } catch (e) {
    if (e instanceof SpecError) return e.diagnostics;
    throw e;
  }
  throw new Error("expected a SpecError");
}

/** 1-based line of the first line of `text` that contains `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split("\n").findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`'${needle}' not found`);
  return index + 1;
}

const withTemplates = (folder: string) =>
  minimalVariant((s) => (s.targets.docs.templates = folder));

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

describe("the renamed-name guard on the rendered docs", () => {
  it("rejects an old name a template writes, located in the template", () => {
    const dir = projectWithTemplates(withTemplates("templates"), {
      "capabilities.md.hbs":
        "## Platform Capabilities\n\n{{preamble}}\nYou may also know add_note as create_note.\n",
    });
    const errors = errorsOf(() => generateIn(dir));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      line: 4,
      col: 31,
      length: "create_note".length,
    });
    expect(errors[0]!.file.endsWith("templates/capabilities.md.hbs")).toBe(
      true,
    );
    expect(errors[0]!.message).toBe(
      "'create_note' is an old name of 'add_note' and must not appear in the prompt docs",
    );
  });

  it("rejects an old name that reaches the docs from spec text no spec check covers, naming the rendered line", () => {
    const spec = minimalVariant((s) => (s.targets.cli.program = "create_note"));
    const messages = errorsOf(() => generateFrom(specs.minimal!, spec)).map(
      (d) => d.message,
    );
    expect(messages).toContain(
      "'create_note' is an old name of 'add_note' and must not appear in the prompt docs: the text it renders into docs/sections/notes.cli.md has it on line 3:   create_note add <text>  # Add a note",
    );
    expect(
      messages.some((m) =>
        m.includes("docs/capabilities.cli.md has it on line 6"),
      ),
    ).toBe(true);
  });

  it("finds every old name, also one that begins another", () => {
    const spec = minimalVariant((s) => {
      s.targets.docs.templates = "templates";
      s.tools[1].renamed_from = ["create_note_v2"];
    });
    const dir = projectWithTemplates(spec, {
      "prompt.md.hbs":
        "{{capabilities}}\nNot create_note_v2.\nNor create_note.\n",
    });
    const errors = errorsOf(() => generateIn(dir));
    expect(
      errors.map((d) => [
        d.line,
        d.col,
        d.message.slice(0, d.message.indexOf(" and must")),
      ]),
    ).toEqual([
      [2, 5, "'create_note_v2' is an old name of 'get_note'"],
      [3, 5, "'create_note' is an old name of 'add_note'"],
    ]);
  });

  it("does not mistake a longer name for an old one", () => {
    const spec = minimalVariant(
      (s) =>
        (s.tools[0].when_to_use =
          "Not create_notes, nor create_note_v2, nor pre-create_note."),
    );
    expect(() => generateFrom(specs.minimal!, spec)).not.toThrow();
  });
});

describe("warnings about what the model reads", () => {
  it("a section over the budget, located at the section in tools.yaml, with its real size", () => {
    const spec = minimalVariant((s) => (s.targets.docs.budget = 90));
    const { files, warnings } = generateFrom(specs.minimal!, spec);
    const docs = docsOf({ files, warnings });
    const over = warnings.filter((w) =>
      w.message.includes("over the budget of 90"),
    );
    const size = (file: string) => [...text(docs, file)].length;
    expect(size("sections/notes.mcp.md")).toBeGreaterThan(90);
    expect(size("sections/notes.cli.md")).toBeLessThanOrEqual(90);
    expect(size("sections/misc.mcp.md")).toBeGreaterThan(90);
    expect(over.map((w) => [w.severity, w.file, w.line, w.message])).toEqual([
      [
        "warning",
        "tools.yaml",
        lineOf(spec, "id: notes"),
        `section 'notes' renders to ${size("sections/notes.mcp.md")} characters for MCP runtimes, over the budget of 90 set in targets.docs.budget: shorten its texts or raise the budget`,
      ],
      [
        "warning",
        "tools.yaml",
        lineOf(spec, "id: misc"),
        `section 'misc' renders to ${size("sections/misc.mcp.md")} characters for MCP runtimes, over the budget of 90 set in targets.docs.budget: shorten its texts or raise the budget`,
      ],
    ]);
  });

  it("no budget warning when every section fits", () => {
    const spec = minimalVariant((s) => (s.targets.docs.budget = 900));
    expect(generateFrom(specs.minimal!, spec).warnings).toEqual([]);
  });

  it("a text that mentions a tool that does not exist, located at that text, with the likely name", () => {
    const spec = minimalVariant(
      (s) => (s.tools[2].when_to_use = "When in doubt; get_notes afterwards."),
    );
    const { warnings } = generateFrom(specs.minimal!, spec);
    expect(warnings.map((w) => [w.severity, w.line, w.message])).toEqual([
      [
        "warning",
        lineOf(spec, "get_notes afterwards"),
        "'get_notes' reads like a tool name, but no tool has it (left behind by a rename?); did you mean 'get_note'?",
      ],
    ]);
  });

  it("checks every text the docs show, not only when_to_use", () => {
    const spec = minimalVariant((s) => {
      s.sections[1].footer = "See remove_note.";
      s.targets.docs.preamble = "Try list_notes first.";
    });
    const messages = generateFrom(specs.minimal!, spec).warnings.map(
      (w) => w.message,
    );
    expect(
      messages.filter((m) =>
        m.includes("'remove_note' reads like a tool name"),
      ),
    ).toHaveLength(1);
    expect(
      messages.filter((m) => m.includes("'list_notes' reads like a tool name")),
    ).toHaveLength(1);
  });

  it("no mention warning for real tools, input names, section ids or plain words", () => {
    const spec = minimalVariant((s) => {
      s.tools[1].input.properties = { note_id: { type: "string" } };
      s.tools[1].input.required = ["note_id"];
      s.tools[1].http.path = "/notes/{note_id}";
      s.tools[1].when_to_use =
        "Pass the note_id add_note gave you; get_note-style look-ups, notes and well-known words are fine.";
    });
    expect(generateFrom(specs.minimal!, spec).warnings).toEqual([]);
  });

  it("none for the reference spec", () => {
    expect(generateFrom(specs["tools.yaml"]!).warnings).toEqual([]);
  });
});
