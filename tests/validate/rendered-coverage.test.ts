import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { fixtures, removedAfterEach } from "../helpers/project.js";
import {
  errorsOf,
  generateIn,
  projectWithTemplates,
} from "../emitters/docs/helpers.js";

// The rendered CLI text must hold each command of its section: after `<program> `, the words up
// to the line's end (or a backtick or #) select one, plain words first, flags anywhere after.
// Each row writes the a2a section's CLI text of tests/fixtures/views by hand, one command line
// changed, and says whether the check finds every command.

const removed = removedAfterEach();
const spec = parse(
  fs.readFileSync(path.join(fixtures, "views/tools.yaml"), "utf8"),
) as {
  targets: { cli: { bin: string }; docs: Record<string, unknown> };
  sections: { id: string; cli?: unknown }[];
  tools: { name: string; section: string; cli?: { usage: string } | null }[];
};
spec.targets.docs.templates = "templates";
const bin = spec.targets.cli.bin;
const a2a = spec.sections[0]!.id;
const lines = spec.tools
  .filter((t) => t.section === a2a && t.cli)
  .map((t) => `${bin} ${t.cli!.usage}`);
/** The one command whose keyword holds a flag, and its line. */
const flagged = lines.find((l) => / --/.test(l))!;
const [plain, flag] = flagged.split(" --") as [string, string];
const flagWord = `--${flag.split(" ")[0]}`;
/** The keyword the check names when that command is missing. */
const flaggedKeyword = `${plain} ${flagWord}`;

/** The diagnostics of generating with the a2a CLI text as `text`; the other sections' texts as toolgen writes them. */
function problems(text: string): string[] {
  const template = `{{#if (eq id "${a2a}")}}${text.replace(/[{}]/g, (c) => `{{"${c}"}}`)}{{else}}{{cli.intro}}\n{{#each cli.commands}}{{command}}\n{{/each}}{{/if}}\n`;
  const dir = removed(
    projectWithTemplates(stringify(spec), { "section-cli.md.hbs": template }),
  );
  try {
    generateIn(dir);
    return [];
  } catch {
    return errorsOf(() => generateIn(dir)).map((d) => d.message);
  }
}

const withFlagged = (line: string) =>
  lines.map((l) => (l === flagged ? line : l)).join("\n");

describe("the commands a rendered CLI text holds", () => {
  it.each<[string, string, boolean]>([
    ["every command as toolgen writes it", lines.join("\n"), true],
    [
      "the flag after the placeholders",
      withFlagged(`${plain} ws-1 the task ${flagWord}`),
      true,
    ],
    [
      "the flag after a backtick: not part of the command",
      withFlagged(`${plain} \`${flagWord}\``),
      false,
    ],
    [
      "the flag after a #: a comment",
      withFlagged(`${plain} # ${flagWord}`),
      false,
    ],
    ["the flag on the next line", withFlagged(`${plain}\n${flagWord}`), false],
    [
      "the flag before the plain words",
      withFlagged(`${bin} ${flagWord} ${plain.slice(bin.length + 1)}`),
      false,
    ],
  ])("%s", (_, text, holdsAll) => {
    const found = problems(text);
    if (holdsAll) expect(found).toEqual([]);
    else {
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(
        `does not hold the command '${flaggedKeyword}'`,
      );
    }
  });

  it("a line holding the program 20,000 times is read in time linear in its length", () => {
    // Reading the rest of the line again at each took 97 s.
    const crowded = `${bin} `.repeat(20_000);
    expect(problems(`${crowded}\n${lines.join("\n")}`)).toEqual([]);
    expect(problems(`${crowded}${flagged}\n${withFlagged("")}`)).toEqual([]);
  }, 20_000);
});
