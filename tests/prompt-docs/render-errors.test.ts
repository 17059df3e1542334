import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { MAX_PARTIAL_DEPTH } from "../../generator/render/handlebars-runtime.js";
import {
  removedAfterEach,
  repoRoot,
  tempProject,
  toolgen,
} from "../helpers/project.js";
import { withTemplates } from "../emitters/docs/helpers.js";

// What a user's template can get wrong while it compiles or renders is a template error of that
// template (exit 2, `file:line:col: message` and a code frame when the text says where), never
// an internal error (exit 3, a stack). Each row once crashed toolgen or gave no place; each runs
// through the CLI, `toolgen --templates tpl`, on the minimal fixture.

const removed = removedAfterEach();
const spec = withTemplates("tpl");
const firstSection = (parse(spec) as { sections: { id: string }[] })
  .sections[0]!.id;

/** A project whose `tpl/` folder holds the given files. */
function project(files: Record<string, string>): string {
  const dir = removed(tempProject(spec));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, "tpl", name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return dir;
}

/** `file:line:col` of the first `token` in `files[file]`, as the CLI prints a place. */
function at(
  files: Record<string, string>,
  file: string,
  token: string,
): string {
  const text = files[file]!;
  const index = text.indexOf(token);
  if (index < 0) throw new Error(`${file} holds no ${token}`);
  const before = text.slice(0, index).split("\n");
  return `tpl/${file}:${before.length}:${before.at(-1)!.length + 1}`;
}

const blockOnly = (name: string) =>
  `the helper '${name}' is a block: write {{#${name} …}}…{{/${name}}}`;
const fieldOfText = (name: string) =>
  `'${name}' is not defined here: it is asked of a text, which has no fields`;
const noBlock =
  "{{> @partial-block}} has no block to render here: it renders the block of a partial called as {{#> name}}…{{/name}}";

interface Case {
  readonly files: Record<string, string>;
  /** The file, then the text at which the error is placed. */
  readonly place: readonly [file: string, token: string];
  readonly message: string;
}

const cases: Record<string, Case> = {
  "a field of a text": {
    files: { "section.md.hbs": "## x\n{{heading.length}}\n" },
    place: ["section.md.hbs", "heading.length"],
    message: fieldOfText("length"),
  },
  "a field of a text inside #each": {
    files: { "section.md.hbs": "{{#each tools}}{{name.length}}{{/each}}\n" },
    place: ["section.md.hbs", "name.length"],
    message: fieldOfText("length"),
  },
  "a field of a text as #with's context": {
    files: { "section.md.hbs": "{{#with heading}}{{length}}{{/with}}\n" },
    place: ["section.md.hbs", "length}}"],
    message: fieldOfText("length"),
  },
  "a field of nothing": {
    files: { "section.md.hbs": "{{heading}}\n{{nothing.x.y}}\n" },
    place: ["section.md.hbs", "nothing.x.y"],
    message:
      "'y' is not defined here (templates are strict: a field the context lacks is an error)",
  },
  "lookup without arguments": {
    files: { "section.md.hbs": "## {{heading}}\n{{lookup}}\n" },
    place: ["section.md.hbs", "{{lookup}}"],
    message: "the helper 'lookup' takes 2 arguments, not 0",
  },
  "#each without a list": {
    files: { "section.md.hbs": "{{#each}}x{{/each}}\n" },
    place: ["section.md.hbs", "{{#each}}"],
    message: "the helper 'each' takes 1 argument, not 0",
  },
  "#with without a value": {
    files: { "section.md.hbs": "x\n  {{#with}}x{{/with}}\n" },
    place: ["section.md.hbs", "{{#with}}"],
    message: "the helper 'with' takes 1 argument, not 0",
  },
  "if written without #": {
    files: { "section.md.hbs": "{{if heading}}\n" },
    place: ["section.md.hbs", "{{if"],
    message: blockOnly("if"),
  },
  "each written without #": {
    files: { "section.md.hbs": "{{each tools}}\n" },
    place: ["section.md.hbs", "{{each"],
    message: blockOnly("each"),
  },
  "a field given arguments": {
    files: { "section.md.hbs": "{{this.heading 1}}\n" },
    place: ["section.md.hbs", "this.heading"],
    message:
      "unknown helper 'this.heading': a field takes no arguments; the helpers are if, unless, each, with, lookup, eq, join, upper, lower, indent",
  },
  "@partial-block in a template": {
    files: { "section.md.hbs": "## {{heading}}\n{{> @partial-block}}\n" },
    place: ["section.md.hbs", "{{> @partial-block}}"],
    message: noBlock,
  },
  "@partial-block in a partial called without a block": {
    files: {
      "section.md.hbs": "{{> frame}}\n",
      "partials/frame.hbs": "<<\n  {{> @partial-block}}\n>>\n",
    },
    place: ["partials/frame.hbs", "{{> @partial-block}}"],
    message: noBlock,
  },
  "a partial that calls itself": {
    files: { "section.md.hbs": "{{> a}}\n", "partials/a.hbs": "{{> a}}" },
    place: ["partials/a.hbs", "a}}"],
    message: "the partial 'a' calls itself: rendering it would never end",
  },
  "partials that call each other": {
    files: {
      "section.md.hbs": "{{> a}}\n",
      "partials/a.hbs": "a {{> b}}",
      "partials/b.hbs": "{{#if heading}}{{> a}}{{/if}}",
    },
    place: ["partials/b.hbs", "a}}"],
    message:
      "the partial 'a' calls itself through others (a → b → a): rendering it would never end",
  },
  "an inline partial that calls itself": {
    files: {
      "section.md.hbs": '{{#*inline "row"}}{{> row}}{{/inline}}{{> row}}\n',
    },
    place: ["section.md.hbs", "row}}{{/inline"],
    message: "the partial 'row' calls itself: rendering it would never end",
  },
};

describe("a template error while compiling or rendering", () => {
  it.each(Object.entries(cases))("%s: located, exit 2", async (_, c) => {
    const dir = project(c.files);
    const run = await toolgen(dir, "--templates", "tpl");
    expect(run.stderr).not.toContain("internal error");
    expect(run.code).toBe(2);
    const place = at(c.files, ...c.place);
    const lines = run.stderr.split("\n");
    const first = lines.findIndex((l) => l.startsWith(`${place}: `));
    expect(lines[first]).toBe(`${place}: ${c.message}`);
    // The code frame points at the place's line.
    const line = place.split(":").at(-2)!;
    expect(lines.slice(first + 1, first + 5)).toContainEqual(
      expect.stringMatching(new RegExp(`^> ${line} \\| `)),
    );
    expect(fs.existsSync(path.join(dir, "generated"))).toBe(false);

    const json = await toolgen(dir, "--templates", "tpl", "--format", "json");
    const { diagnostics } = JSON.parse(json.stdout) as {
      diagnostics: { code: string }[];
    };
    expect(diagnostics.map((d) => d.code)).toEqual([
      c.message.startsWith("unknown helper")
        ? "unknown-helper"
        : "template-error",
    ]);
  });

  it("a helper's argument through nothing is nothing, as without strict mode: {{#each cli.commands}} in a section without cli", async () => {
    const files = {
      "section.md.hbs":
        "{{heading}}:{{#each cli.commands}} {{tool}}{{/each}}\n",
    };
    const dir = project(files);
    const run = await toolgen(dir, "--templates", "tpl");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const { sections, tools } = parse(spec) as {
      sections: { id: string; heading: string; cli?: object }[];
      tools: { name: string; section: string; cli?: object | null }[];
    };
    for (const s of sections) {
      const commands = s.cli
        ? tools.filter((t) => t.section === s.id && t.cli !== null)
        : [];
      const md = fs.readFileSync(
        path.join(dir, `generated/docs/sections/${s.id}.mcp.md`),
        "utf8",
      );
      expect(
        md.endsWith(
          `\n${s.heading}:${commands.map((t) => ` ${t.name}`).join("")}\n`,
        ),
      ).toBe(true);
    }
  });

  it(`partials nested more than ${MAX_PARTIAL_DEPTH} deep: an error of the partial, naming the text it was rendering`, async () => {
    // The call in the inline partial `x` reaches partials/p.hbs, whose own `{{> x}}` reaches
    // the caller's inline `x` while rendering, not partials/x.hbs: no check before rendering sees it.
    const dir = project({
      "section.md.hbs": '{{#*inline "x"}}{{> p}}{{/inline}}{{> x}}\n',
      "partials/p.hbs": "{{> x}}",
      "partials/x.hbs": "leaf",
    });
    const run = await toolgen(dir, "--templates", "tpl");
    expect(run.stderr).not.toContain("internal error");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `tpl/partials/p.hbs: partials are nested more than ${MAX_PARTIAL_DEPTH} deep: does a partial call itself, through an inline partial ({{#*inline}}) of the file that calls it? (rendering docs/sections/${firstSection}.mcp.md)\n`,
    );
    // docs/packages/prompts.md gives the same bound.
    const page = fs.readFileSync(
      path.join(repoRoot, "docs/packages/prompts.md"),
      "utf8",
    );
    expect(page.replace(/\s+/g, " ")).toContain(
      `partials nested more than ${MAX_PARTIAL_DEPTH} deep`,
    );
  });
});
