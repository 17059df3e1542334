import fs from "node:fs";
import path from "node:path";
import { commandMap } from "@molecule/platform-cli";
import { sections } from "@molecule/platform-prompts";
import { describe, expect, it } from "vitest";
import { loadSpec, specInput } from "../../../generator/index.js";
import { repoRoot } from "../../helpers/project.js";
import { generateFromDisk } from "../../helpers/generate.js";

/**
 * The CLI prompt block a model reads and the CLI a runtime runs come from the same declarations:
 * the commands each section's block lists are exactly the commands the CLI maps its tools to.
 */
const file = path.join(repoRoot, "tools.yaml");
const { model } = loadSpec(
  specInput(file, fs.readFileSync(file, "utf8"), repoRoot),
);
const program = model.targets.cli!.program;
const blocks = sections as unknown as Record<string, { cli: string | null }>;

/** `  molecule delegate --async <workspace_id> <task>  # Send…` → `delegate --async`. */
function keywordsIn(block: string): string[] {
  return block
    .split("\n")
    .filter((line) => line.startsWith(`  ${program} `) && line.includes("  # "))
    .map((line) =>
      line
        .slice(`  ${program} `.length, line.indexOf("  # "))
        .split(" <")[0]!
        .trim(),
    );
}

describe("the CLI prompt block", () => {
  it.each(model.sections.filter((s) => s.cli !== null).map((s) => s.id))(
    "section %s lists exactly its tools' CLI keywords",
    (id) => {
      const block = blocks[id]!.cli!;
      const expected = Object.entries(commandMap)
        .filter(
          ([tool, keyword]) =>
            keyword !== null &&
            model.tools.find((t) => t.name === tool)!.sectionId === id,
        )
        .map(([, keyword]) => keyword);
      expect(expected.length).toBeGreaterThan(0);
      expect(keywordsIn(block)).toEqual(expected);
    },
  );

  it("has no block for a section kept off the CLI", () => {
    for (const s of model.sections.filter((s) => s.cli === null))
      expect(blocks[s.id]!.cli).toBeNull();
  });
});

describe("a command with a required input that is no placeholder", () => {
  it("is listed with that input's option, as the CLI demands it", () => {
    const fixture = path.join(import.meta.dirname, "fixtures", "typed.yaml");
    const { files } = generateFromDisk(
      specInput(fixture, fs.readFileSync(fixture, "utf8"), repoRoot),
    );
    const block = files.find(
      (f) => f.path === "docs/sections/notes.cli.md",
    )!.content;
    // card is required and not in the usage `notes put <title>`: without --card the CLI refuses the call.
    expect(block).toMatch(
      /^ {2}typed notes put <title> --card <card> +# Save a note$/m,
    );
    expect(block).toMatch(/^ {2}typed notes find <query> +# /m);
  });
});
