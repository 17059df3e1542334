import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { removedAfterEach, tempProject, toolgen } from "../helpers/project.js";
import { a2a, bin, keyword, order, spec, specText } from "./views-spec.js";

// The done-when of per-target views, for templates: the views fixture's prompt docs rendered
// through user templates must still name every tool and command of each section.

describe("a template that drops a tool or a command", () => {
  const removed = removedAfterEach();
  const project = (templates: Record<string, string>, text = specText) => {
    const dir = removed(tempProject(text));
    fs.mkdirSync(path.join(dir, "templates"));
    for (const [name, source] of Object.entries(templates))
      fs.writeFileSync(path.join(dir, "templates", name), source);
    return dir;
  };
  // Each lists the section's tools or commands but the first.
  const dropTool =
    "## {{heading}}\n{{#each tools}}{{#unless @first}}- {{name}}: {{short}}\n{{/unless}}{{/each}}";
  const dropCommand =
    "## {{heading}}\n{{#each cli.commands}}{{#unless @first}}  {{command}}\n{{/unless}}{{/each}}";

  it.each([
    ["section.md.hbs", dropTool, `'${spec.tools[0]!.name}'`],
    ["section-cli.md.hbs", dropCommand, `'${bin} ${keyword(order[0]!)}'`],
  ])(
    "%s: gen refuses, naming the template, the section and what is missing; nothing is written",
    async (file, source, missing) => {
      const dir = project({ [file]: source });
      const run = await toolgen(dir, "--templates", "templates");
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`templates/${file}`);
      expect(run.stderr).toContain(`section '${a2a.id}'`);
      expect(run.stderr).toContain(missing);
      expect(fs.existsSync(path.join(dir, "generated"))).toBe(false);
    },
  );

  it("prompt.md.hbs: a whole prompt that leaves out every section is refused too, for each runtime", async () => {
    const dir = project({ "prompt.md.hbs": "You have tools. {{runtime}}\n" });
    const run = await toolgen(dir, "--templates", "templates");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "templates/prompt.md.hbs: the text this template renders into docs/prompt.mcp.md does not name the tools",
    );
    for (const tool of spec.tools)
      expect(run.stderr).toContain(`'${tool.name}'`);
    expect(run.stderr).toContain(
      "docs/prompt.cli.md does not hold the command",
    );
    expect(run.stderr).toContain(`'${bin} ${keyword(order[0]!)}'`);
    expect(fs.existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("passes once the section opts out, and --verbose says so", async () => {
    // Each section: the templates drop the first tool of every one.
    const optedOut = parse(specText) as typeof spec;
    for (const section of optedOut.sections)
      Object.assign(section, { check_docs: false });
    const dir = project(
      { "section.md.hbs": dropTool, "section-cli.md.hbs": dropCommand },
      stringify(optedOut),
    );
    const run = await toolgen(dir, "--templates", "templates", "--verbose");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    for (const section of spec.sections)
      expect(run.stdout).toContain(
        `note: section '${section.id}': its rendered texts are not checked`,
      );
    const quiet = await toolgen(dir, "--templates", "templates");
    expect(quiet.stdout).not.toContain("note:");
    // --format json holds the same notes, without --verbose.
    const json = await toolgen(
      dir,
      "--templates",
      "templates",
      "--format",
      "json",
    );
    expect(JSON.parse(json.stdout).notes).toEqual(
      run.stdout
        .split("\n")
        .filter((line) => line.startsWith("note: "))
        .map((line) => line.slice("note: ".length)),
    );
  });
});
