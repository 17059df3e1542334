import { describe, expect, it } from "vitest";
import {
  docsOf,
  errorsOf,
  generateFrom,
  generateIn,
  minimalVariant,
  projectWithTemplates,
  specs,
  text,
  withTemplates,
} from "./helpers.js";

// The checks on the rendered docs: old tool names are errors; a section over its budget and a
// mention of a tool that does not exist are warnings.

/** 1-based line of the first line of `text` that contains `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split("\n").findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`'${needle}' not found`);
  return index + 1;
}

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
        "tool 'ping': 'when_to_use': 'get_notes' reads like a tool name, but no tool has it (left behind by a rename?); did you mean 'get_note'?",
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
