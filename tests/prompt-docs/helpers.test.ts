import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  HELPER_NAMES,
  INDENT_MAX,
} from "../../generator/prompt-docs/helpers.js";
import { removedAfterEach, repoRoot, toolgen } from "../helpers/project.js";
import {
  docsOf,
  errorsOf,
  generateIn,
  projectWithTemplates,
  text,
  withTemplates,
} from "../emitters/docs/helpers.js";

// The helpers a user's template may call, each with the example docs/packages/prompts.md gives, rendered from the
// minimal fixture; what each renders is built here from the spec's own texts.

const removed = removedAfterEach();
function project(templates: Record<string, string>): string {
  const dir = projectWithTemplates(withTemplates("templates"), templates);
  return removed(dir);
}

const spec = parse(withTemplates("templates")) as {
  sections: { id: string; heading: string }[];
  tools: {
    name: string;
    section: string;
    short: string;
    when_to_use: string;
  }[];
};
const first = spec.sections[0]!;
const tools = spec.tools.filter((t) => t.section === first.id);

/** The section text `template` renders for the first section. */
function sectionText(template: string): string {
  const docs = docsOf(generateIn(project({ "section.md.hbs": template })));
  return text(docs, `sections/${first.id}.mcp.md`);
}

describe("the helpers", () => {
  it.each<[string, string, string]>([
    ["upper", "{{upper heading}}\n", `${first.heading.toUpperCase()}\n`],
    ["lower", "{{lower heading}}\n", `${first.heading.toLowerCase()}\n`],
    [
      "eq",
      `{{#each tools}}{{#if (eq name "${tools[0]!.name}")}}{{name}}{{/if}}{{/each}}\n`,
      `${tools[0]!.name}\n`,
    ],
    [
      "indent",
      "{{#each tools}}\n-\n{{indent 4 whenToUse}}\n{{/each}}\n",
      tools.map((t) => `-\n    ${t.when_to_use}\n`).join(""),
    ],
    [
      "if, unless, each and @last",
      "{{#each tools}}{{name}}{{#unless @last}}, {{/unless}}{{/each}}\n",
      `${tools.map((t) => t.name).join(", ")}\n`,
    ],
    [
      "with and lookup",
      '{{#with (lookup tools 0)}}{{name}}{{/with}} {{lookup this "heading"}}\n',
      `${tools[0]!.name} ${first.heading}\n`,
    ],
  ])("%s", (_, template, expected) => {
    expect(sectionText(template)).toBe(expected);
  });

  it("join: a list of texts, with a separator or ', '", () => {
    // The prompt template sees each section's rendered text in a list.
    const dir = project({
      "section.md.hbs": "{{heading}}\n",
      "prompt.md.hbs": '{{join sections " | "}}\n{{join sections}}\n',
    });
    const headings = spec.sections.map((s) => s.heading);
    expect(text(docsOf(generateIn(dir)), "prompt.mcp.md")).toBe(
      `${headings.join(" | ")}\n${headings.join(", ")}\n`,
    );
  });

  it(`indent takes up to ${INDENT_MAX} spaces, as the row of helpers in docs/packages/prompts.md says`, () => {
    expect(sectionText(`{{indent ${INDENT_MAX} heading}}\n`)).toBe(
      `${" ".repeat(INDENT_MAX)}${first.heading}\n`,
    );
    const page = fs.readFileSync(
      path.join(repoRoot, "docs/packages/prompts.md"),
      "utf8",
    );
    expect(page).toMatch(
      new RegExp(`^\\| \`indent\` \\(.* from 0 to ${INDENT_MAX},.*\\|$`, "m"),
    );
  });

  it("indent leaves empty lines empty", () => {
    expect(
      sectionText('{{indent 2 (lookup this "heading")}}\n{{indent 3 ""}}x\n'),
    ).toBe(`  ${first.heading}\nx\n`);
  });

  it("are the documented list", () => {
    expect(HELPER_NAMES).toEqual([
      "if",
      "unless",
      "each",
      "with",
      "lookup",
      "eq",
      "join",
      "upper",
      "lower",
      "indent",
    ]);
  });
});

describe("a helper that is wrong", () => {
  it("every unknown helper is an error located in its template, with a did-you-mean when one is close", async () => {
    const dir = project({
      "section.md.hbs":
        "## {{uper heading}}\n{{#frob tools}}x{{/frob}}\n{{log heading}}\n",
    });
    const shown = (d: { file: string }) => path.relative(dir, d.file);
    const errors = errorsOf(() => generateIn(dir));
    const list = HELPER_NAMES.join(", ");
    expect(errors.map((d) => ({ ...d, file: shown(d) }))).toEqual([
      {
        severity: "error",
        code: "unknown-helper",
        file: path.join("templates", "section.md.hbs"),
        message: "unknown helper 'uper': did you mean 'upper'?",
        line: 1,
        col: 6,
        length: 4,
      },
      {
        severity: "error",
        code: "unknown-helper",
        file: path.join("templates", "section.md.hbs"),
        message: `unknown helper 'frob': the helpers are ${list}`,
        line: 2,
        col: 4,
        length: 4,
      },
      // Handlebars' log helper prints to the console: toolgen's templates have none.
      {
        severity: "error",
        code: "unknown-helper",
        file: path.join("templates", "section.md.hbs"),
        message: `unknown helper 'log': the helpers are ${list}`,
        line: 3,
        col: 3,
        length: 3,
      },
    ]);

    const run = await toolgen(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^templates\/section\.md\.hbs:1:6: unknown helper 'uper': did you mean 'upper'\?$/m,
    );
    expect(fs.existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("a field without arguments is still a field: strict mode reports it, not a helper", () => {
    const dir = project({ "section.md.hbs": "{{uper}}\n" });
    const [d, ...rest] = errorsOf(() => generateIn(dir));
    expect(rest).toEqual([]);
    expect(d!.message).toContain("'uper' is not defined");
  });

  it.each<[string, string]>([
    ...[
      "heading 2",
      "-1 heading",
      "1.5 heading",
      `${INDENT_MAX + 1} heading`,
      // Once, these took 27 s (80,000) and did not end (99,999,999).
      "80000 heading",
      "99999999 heading",
    ].map((args): [string, string] => [
      `{{indent ${args}}}`,
      `the helper 'indent' takes a whole number of spaces from 0 to ${INDENT_MAX} first`,
    ]),
    ["{{upper tools}}", "the helper 'upper' takes a text"],
    ["{{eq heading}}", "the helper 'eq' takes 2 arguments, not 1"],
    [
      "{{join heading}}",
      "the helper 'join' takes a list of texts or numbers first",
    ],
    [
      "{{join tools}}",
      "the helper 'join' takes a list of texts or numbers first",
    ],
  ])("%s: a wrong argument is located at the call", (call, message) => {
    const dir = project({ "section.md.hbs": `## {{heading}}\n\n${call}\n` });
    expect(errorsOf(() => generateIn(dir))).toEqual([
      expect.objectContaining({ message, line: 3, col: 1 }),
    ]);
  });
});
