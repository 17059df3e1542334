import fs from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it, vi } from "vitest";
import {
  createViews,
  type Runtime,
} from "../../generator/prompt-docs/context.js";
import { TEMPLATE_NAMES } from "../../generator/read/templates.js";
import { defaultTemplatesFolder } from "../../generator/io/inputs.js";
import { loadSpec, specInput } from "../../generator/index.js";
import {
  compileTemplate,
  TemplateError,
} from "../../generator/render/handlebars.js";
import { TEMPLATE_OPTIONS } from "../../generator/render/precompiled-templates.js";
import { fixtures, repoRoot } from "../helpers/project.js";

/**
 * The bundle renders toolgen's own templates from code Handlebars.precompile wrote at build time
 * (scripts/build.mjs); the sources compile them. Here the module that holds that code is made to
 * precompile any template, so both ways run side by side and must say the same.
 */
const precompiling = vi.hoisted(() => ({ on: false }));
vi.mock("../../generator/render/precompiled-templates.js", async (original) => {
  const actual =
    await original<
      typeof import("../../generator/render/precompiled-templates.js")
    >();
  return {
    ...actual,
    precompiledTemplate: (text: string) => {
      if (!precompiling.on) return undefined;
      // As the build writes it: a module-level object of functions (precompile's options are its own copy).
      const code = Handlebars.precompile(text, {
        ...actual.TEMPLATE_OPTIONS,
      }) as unknown as string;
      return new Function(`return ${code};`)() as TemplateSpecification;
    },
  };
});

/** What rendering gives, or the error it throws with where it says it is. */
function outcome(file: string, source: string, context: object): unknown {
  try {
    return compileTemplate(file, source).render(context);
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    return { error: e.message, file: e.file, line: e.line, col: e.col };
  }
}

function bothWays(
  file: string,
  source: string,
  context: object,
): { compiled: unknown; precompiled: unknown } {
  precompiling.on = false;
  const compiled = outcome(file, source, context);
  precompiling.on = true;
  try {
    return { compiled, precompiled: outcome(file, source, context) };
  } finally {
    precompiling.on = false;
  }
}

function viewsOf(specPath: string) {
  const { model } = loadSpec(
    specInput(
      specPath,
      fs.readFileSync(specPath, "utf8"),
      path.dirname(specPath),
    ),
  );
  return { model, views: createViews(model) };
}

const sources = Object.fromEntries(
  TEMPLATE_NAMES.map((name) => [
    name,
    fs.readFileSync(path.join(defaultTemplatesFolder, name), "utf8"),
  ]),
);
const specs = [
  path.join(repoRoot, "tools.yaml"),
  path.join(fixtures, "valid/minimal/tools.yaml"),
  path.join(fixtures, "valid/docs-no-footer/tools.yaml"),
];

describe("a precompiled template", () => {
  it("is compiled with the options every template gets", () => {
    expect(TEMPLATE_OPTIONS).toEqual({ strict: true, noEscape: true });
  });

  it.each(specs)(
    "renders toolgen's own templates as the compiled one does (%s)",
    (specPath) => {
      const { model, views } = viewsOf(specPath);
      for (const runtime of ["mcp", "cli"] as Runtime[]) {
        for (const section of model.sections) {
          const name =
            runtime === "cli" && section.cli
              ? "section-cli.md.hbs"
              : "section.md.hbs";
          const { compiled, precompiled } = bothWays(
            name,
            sources[name]!,
            views.section(section, runtime),
          );
          expect(typeof compiled).toBe("string");
          expect(precompiled).toEqual(compiled);
        }
        const capabilities = bothWays(
          "capabilities.md.hbs",
          sources["capabilities.md.hbs"]!,
          views.capabilities(runtime),
        );
        expect(capabilities.precompiled).toEqual(capabilities.compiled);
        const prompt = bothWays("prompt.md.hbs", sources["prompt.md.hbs"]!, {
          runtime,
          capabilities: "caps",
          sections: ["one", "two"],
        });
        expect(prompt.precompiled).toEqual(prompt.compiled);
      }
    },
  );

  it.each([
    ["a missing field", "## {{heading}}\n\n{{descripton}}\n", { heading: "H" }],
    [
      "a missing field in a block",
      "{{#each tools}}\n- {{name}}: {{shrot}}\n{{/each}}\n",
      { tools: [{ name: "a", short: "b" }] },
    ],
    ["a missing path", "{{cli.intro}}\n", { cli: null }],
    ["a helper without its argument", "{{#if}}x{{/if}}\n", {}],
    ["an each over a missing list", "{{#each nope}}x{{/each}}\n", {}],
    ["an unknown helper", "{{upper heading}}\n", { heading: "h" }],
    [
      "HTML-like text, not escaped",
      "{{heading}} & {{{label}}}\n",
      { heading: "<a href='x'>", label: '"q"' },
    ],
  ])("fails or renders as the compiled one does: %s", (_, source, context) => {
    const { compiled, precompiled } = bothWays(
      "templates/docs/t.md.hbs",
      source,
      context,
    );
    expect(precompiled).toEqual(compiled);
  });
});
