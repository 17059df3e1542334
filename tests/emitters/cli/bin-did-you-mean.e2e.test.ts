import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CommandsData } from "../../../runtime/cli/data.js";
import { bin, molecule, platform } from "./bin-setup.js";

// "Did you mean" from the generated bin, run as a subprocess: each expectation is derived from
// the commands.json it was generated with (a real command or option, mistyped by one swap of neighbours).

const { bin: name, commands } = JSON.parse(
  fs.readFileSync(path.join(path.dirname(bin), "commands.json"), "utf8"),
) as CommandsData;

/** `word` with the first two different neighbours swapped: one edit. */
function swapped(word: string): string {
  const at = [...word].findIndex((c, i) => i > 0 && c !== word[i - 1]);
  if (at === -1) throw new Error(`nothing to swap in '${word}'`);
  return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
}

const firstWords = [...new Set(commands.map((c) => c.keyword.split(" ")[0]!))];
const options = commands.flatMap((c) =>
  c.inputs
    .filter((i) => i.option !== null)
    .map((i) => [c.keyword, `--${i.option}`] as const),
);

describe("the generated CLI suggests what a mistyped word meant", () => {
  it("has commands and options to mistype", () => {
    expect(firstWords.length).toBeGreaterThan(1);
    expect(options.length).toBeGreaterThan(0);
  });

  it.each(firstWords)("a command: %s mistyped", async (word) => {
    const typo = swapped(word);
    expect(await molecule(typo, "x")).toEqual({
      code: 2,
      stdout: "",
      stderr: `${name}: unknown command '${typo}': did you mean '${word}'?\nRun '${name} --help' to list the commands.\n`,
    });
    expect(platform.requests).toEqual([]);
  });

  it.each(options)("an option of %s: %s mistyped", async (keyword, option) => {
    const typo = `--${swapped(option.slice(2))}`;
    const positionals = commands
      .find((c) => c.keyword === keyword)!
      .inputs.filter((i) => i.option === null)
      .map((i) => `some-${i.name}`);
    const run = await molecule(
      ...keyword.split(" "),
      ...positionals,
      `${typo}=value`,
    );
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: `${name} ${keyword}: unknown option '${typo}': did you mean '${option}'?\nRun '${name} ${keyword} --help' for its usage.\n`,
    });
    expect(platform.requests).toEqual([]);
  });

  it("a flag word of a sibling command, mistyped, is suggested", async () => {
    const withFlag = commands.find((c) => c.keyword.includes(" --"))!;
    const [plain, flag] = withFlag.keyword.split(" ") as [string, string];
    const typo = `--${swapped(flag.slice(2))}`;
    const run = await molecule(plain, typo, "a", "b");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `${name} ${plain}: unknown option '${typo}': did you mean '${flag}'?\nRun '${name} ${plain} --help' for its usage.\n`,
    );
  });

  it("nothing close: the message is as before", async () => {
    const far = "q".repeat(12);
    expect(await molecule(far)).toEqual({
      code: 2,
      stdout: "",
      stderr: `${name}: unknown command '${far}'\nRun '${name} --help' to list the commands.\n`,
    });
  });
});
