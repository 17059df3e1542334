import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  removedAfterEach,
  snapshotDir,
  toolgen,
} from "../../helpers/project.js";
import {
  docsOf,
  errorsOf,
  generateIn,
  minimalVariant,
  projectWithTemplates,
  text,
  withTemplates,
} from "./helpers.js";

// A user's templates may call partials: the .hbs files of partials/ in the templates folder,
// each named by its path there without .hbs. Expectations are built from the spec's own texts.

const removed = removedAfterEach();
/** The errors of generating in `dir`, each path in them relative to it, as a CLI run there shows them. */
function errorsIn(dir: string) {
  const inside = (p: string) => p.split(`${dir}${path.sep}`).join("");
  return errorsOf(() => generateIn(dir)).map((d) => ({
    ...d,
    file: inside(d.file),
    message: inside(d.message),
  }));
}
function project(spec: string, templates: Record<string, string>): string {
  const dir = projectWithTemplates(spec, templates);
  return removed(dir);
}

const specText = withTemplates("templates");
const spec = parse(specText) as {
  sections: { id: string; heading: string }[];
  tools: {
    name: string;
    section: string;
    short: string;
    when_to_use: string;
  }[];
};
const first = spec.sections[0]!;
const toolsOf = (id: string) => spec.tools.filter((t) => t.section === id);

/** A section template calling `tools/item`, which calls `name`: three files, two folders deep. */
const withPartials = {
  "section.md.hbs":
    "## {{heading}}\n\n{{#each tools}}\n{{> tools/item}}\n{{/each}}\n",
  "partials/tools/item.hbs": "- {{> name}}: {{short}}\n  {{whenToUse}}\n",
  "partials/name.hbs": "**{{name}}**",
};

describe("partials", () => {
  it("are called by their path under partials/, from a template and from another partial", () => {
    const docs = docsOf(generateIn(project(specText, withPartials)));
    const expected = [
      `## ${first.heading}`,
      "",
      ...toolsOf(first.id).flatMap((t) => [
        `- **${t.name}**: ${t.short}`,
        `  ${t.when_to_use}`,
      ]),
      "",
    ].join("\n");
    expect(text(docs, `sections/${first.id}.mcp.md`)).toBe(expected);
  });

  it("are not templates toolgen leaves unused, and files other than .hbs there are ignored", () => {
    const dir = project(specText, {
      ...withPartials,
      "partials/README.md": "notes",
    });
    expect(generateIn(dir).warnings).toEqual([]);
  });

  it("are inputs: --check sees a changed partial as drift of what it renders", async () => {
    const dir = project(specText, withPartials);
    expect((await toolgen(dir)).code).toBe(0);
    expect((await toolgen(dir, "--check")).code).toBe(0);
    fs.writeFileSync(
      path.join(dir, "templates/partials/name.hbs"),
      "`{{name}}`",
    );
    const run = await toolgen(dir, "--check");
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(`sections/${first.id}.mcp.md`);
  });

  it("keep the spec's text as text: braces in a description are not template code", () => {
    const short = "Add a {{> name}} note, {{upper heading}}.";
    const variant = minimalVariant((s) => {
      s.targets.docs.templates = "templates";
      s.tools[0].short = short;
    });
    const docs = docsOf(generateIn(project(variant, withPartials)));
    const tool = (parse(variant) as typeof spec).tools[0]!;
    expect(text(docs, `sections/${tool.section}.mcp.md`)).toContain(
      `- **${tool.name}**: ${short}\n`,
    );
  });
});

describe("a partial that is wrong", () => {
  it("every unknown partial is an error located in its file, with a did-you-mean when one is close", async () => {
    const dir = project(specText, {
      ...withPartials,
      "section.md.hbs": "## {{heading}}\n\n{{> tools/itme}}\n{{> footer}}\n",
      "partials/name.hbs": "**{{name}}** {{> nmae}}",
    });
    expect(errorsIn(dir)).toEqual([
      {
        severity: "error",
        code: "unknown-partial",
        file: "templates/partials/name.hbs",
        message: "unknown partial 'nmae': did you mean 'name'?",
        line: 1,
        col: 18,
        length: 4,
      },
      {
        severity: "error",
        code: "unknown-partial",
        file: "templates/section.md.hbs",
        message: "unknown partial 'tools/itme': did you mean 'tools/item'?",
        line: 3,
        col: 5,
        length: 10,
      },
      {
        severity: "error",
        code: "unknown-partial",
        file: "templates/section.md.hbs",
        message:
          "unknown partial 'footer': a partial is a .hbs file in templates/partials/ (there: name, tools/item)",
        line: 4,
        col: 5,
        length: 6,
      },
    ]);

    // Through the CLI: located, framed, exit 2, nothing written.
    const run = await toolgen(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^templates\/section\.md\.hbs:3:5: unknown partial 'tools\/itme': did you mean 'tools\/item'\?$/m,
    );
    expect(run.stderr).toMatch(/^> 3 \| \{\{> tools\/itme\}\}$/m);
    expect(snapshotDir(path.join(dir, "generated"))).toEqual({});
  });

  it("a field its context lacks is located in the partial, not in the template calling it", () => {
    const dir = project(specText, {
      ...withPartials,
      "partials/tools/item.hbs": "- {{> name}}\n  {{descripton}}\n",
    });
    expect(errorsIn(dir)).toEqual([
      expect.objectContaining({
        file: "templates/partials/tools/item.hbs",
        line: 2,
        col: 5,
        message: expect.stringContaining("'descripton' is not defined"),
      }),
    ]);
  });

  it("a syntax error is located in the partial", () => {
    const dir = project(specText, {
      ...withPartials,
      "partials/name.hbs": "**{{name}**",
    });
    const [d, ...rest] = errorsIn(dir);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      file: "templates/partials/name.hbs",
      line: 1,
    });
    expect(d!.message).toMatch(/^cannot parse the template/);
  });

  it("a partial chosen while rendering cannot be checked, and is an error", () => {
    const dir = project(specText, {
      ...withPartials,
      "section.md.hbs": "{{#each tools}}\n{{> (lookup . 'name')}}\n{{/each}}\n",
    });
    expect(errorsIn(dir)).toEqual([
      expect.objectContaining({
        file: "templates/section.md.hbs",
        line: 2,
        col: 5,
        message: expect.stringContaining("a partial is called by its name"),
      }),
    ]);
  });

  it("an inline partial is known in the file that defines it", () => {
    const dir = project(specText, {
      "section.md.hbs":
        '{{#*inline "row"}}\n* {{name}}\n{{/inline}}\n{{#each tools}}\n{{> row}}\n{{/each}}\n',
    });
    const docs = docsOf(generateIn(dir));
    expect(text(docs, `sections/${first.id}.mcp.md`)).toBe(
      toolsOf(first.id)
        .map((t) => `* ${t.name}\n`)
        .join(""),
    );
  });
});
