import { mainType } from "../../model/main-type.js";
import { kebabCase } from "../../model/names.js";
import type { Model } from "../../model/types.js";
import type { Problem } from "../../validate/problem.js";
import { cliTools } from "./commands.js";

/** Options the CLI itself answers on every command. */
const RESERVED = new Set(["json", "help"]);

/**
 * Each non-positional input becomes `--kebab-case`: refuses the names the CLI's own flags, a
 * flag word that selects a command, or a boolean's `--no-` form already take (two inputs sharing
 * one is a spec error already); a usage may not use the CLI's own flags as words, nor make an
 * optional input a positional argument, which the command line could never leave out.
 */
export function checkOptions(model: Model, report: (p: Problem) => void): void {
  const commands = cliTools(model);
  const plainOf = (keyword: string) =>
    keyword
      .split(" ")
      .filter((w) => !w.startsWith("-"))
      .join(" ");
  // Commands grouped by their plain words, and each group's flag words: one pass, not one per command.
  const commandsByPlain = new Map<string, (typeof commands)[number][]>();
  const selectingByPlain = new Map<string, Map<string, string>>();
  for (const command of commands) {
    const plain = plainOf(command.cli.keyword);
    if (!commandsByPlain.has(plain)) {
      commandsByPlain.set(plain, []);
      selectingByPlain.set(plain, new Map());
    }
    commandsByPlain.get(plain)!.push(command);
    const selecting = selectingByPlain.get(plain)!;
    for (const w of command.cli.keyword.split(" "))
      if (w.startsWith("--")) selecting.set(w.slice(2), command.cli.keyword);
  }
  const index = new Map(model.tools.map((t, i) => [t, i]));
  for (const tool of commands) {
    const i = index.get(tool)!;
    const selecting = selectingByPlain.get(plainOf(tool.cli.keyword))!;
    const usage = (message: string) =>
      report({ path: ["tools", i, "cli", "usage"], message });
    for (const word of tool.cli.keyword.split(" ")) {
      if (word.startsWith("--") && RESERVED.has(word.slice(2)))
        usage(
          `usage flag '${word}' is an option every command keeps for itself: choose another word`,
        );
    }
    // A command whose plain words begin with another command's: that one's first argument can
    // then not be this command's next word, unless written after --. Allowed, but said.
    const plainWords = plainOf(tool.cli.keyword).split(" ");
    for (let k = plainWords.length - 1; k > 0; k--) {
      const shorter = commandsByPlain.get(plainWords.slice(0, k).join(" "));
      const other = shorter?.find((c) => c.cli.positionals.length > 0);
      if (other) {
        const first = other.cli.positionals[0]!;
        report({
          path: ["tools", i, "cli", "usage"],
          severity: "warning",
          message: `command '${tool.cli.keyword}' begins like command '${other.cli.usage}': there, a <${first}> of '${plainWords[k]}' must be written after -- (${model.targets.cli.bin} ${plainOf(other.cli.keyword)} -- ${plainWords[k]})`,
        });
        break;
      }
    }
    const required = new Set(tool.required);
    for (const name of tool.cli.positionals) {
      if (!required.has(name)) {
        usage(
          `usage placeholder <${name}> is an optional input, but a positional argument must always be given: make '${name}' required, or leave it to its --${kebabCase(name)} option`,
        );
      }
    }
    const properties = (tool.input.properties ?? {}) as {
      readonly [name: string]: unknown;
    };
    // A boolean option also answers to --no-<option>, which no other input may then be.
    const negations = new Map<string, string>();
    for (const name of tool.inputNames) {
      if (
        !tool.cli.positionals.includes(name) &&
        mainType(properties[name]) === "boolean"
      )
        negations.set(`no-${kebabCase(name)}`, name);
    }
    for (const name of tool.inputNames) {
      if (tool.cli.positionals.includes(name)) continue;
      const option = kebabCase(name);
      const at = ["tools", i, "input", "properties", name];
      const problem = (message: string) =>
        report({ path: at, key: true, message });
      if (negations.has(option)) {
        problem(
          `input '${name}' would be the CLI option --${option}, which already turns off the boolean '${negations.get(option)}': rename it`,
        );
      } else if (RESERVED.has(option)) {
        problem(
          `input '${name}' would be the CLI option --${option}, which every command keeps for itself: rename it, or take it as a <${name}> in the usage`,
        );
      } else if (selecting.has(option)) {
        problem(
          `input '${name}' would be the CLI option --${option}, which already selects the command '${selecting.get(option)}': rename it, or take it as a <${name}> in the usage`,
        );
      }
    }
  }
}
