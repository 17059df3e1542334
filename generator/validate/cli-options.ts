import type { Code } from "./codes.js";
import { cliType } from "../model/main-type.js";
import { kebabCase } from "../model/names.js";
import type { RawTool } from "../model/raw.js";
import type { Problem } from "./problem.js";
import {
  inputNames,
  requiredInputs,
  sectionsById,
  type Check,
  type CheckedSpec,
} from "./checked-spec.js";
import { cliCommands, type ReadUsage } from "./cli-usage.js";
import { quoted } from "../diagnostics/quoted.js";

/** Options the CLI itself answers on every command. */
const RESERVED = new Set(["json", "help"]);

interface Command {
  readonly tool: RawTool;
  readonly index: number;
  readonly cli: ReadUsage;
}

/**
 * Each non-positional input becomes `--kebab-case`: refuses the names the CLI's own flags, a
 * flag word that selects a command, or a boolean's `--no-` form already take (two inputs sharing
 * one is a spec error already); a usage may not use the CLI's own flags as words, nor make an
 * optional input a positional argument, which the command line could never leave out. Read on a
 * spec whose usages are sound (the other checks found no error).
 */
export const checkCliOptions: Check = (spec) => {
  const problems: Problem[] = [];
  const report = (p: Problem) => problems.push(p);
  const commands = commandsInOrder(spec);
  const plainOf = (keyword: string) =>
    keyword
      .split(" ")
      .filter((w) => !w.startsWith("-"))
      .join(" ");
  // Commands grouped by their plain words, and each group's flag words: one pass, not one per command.
  const commandsByPlain = new Map<string, Command[]>();
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
  for (const { tool, index: i, cli } of commands) {
    const selecting = selectingByPlain.get(plainOf(cli.keyword))!;
    const who = `tool ${quoted(tool.name)}`;
    const usage = (message: string, code: Code, token: string) =>
      report({
        path: ["tools", i, "cli", "usage"],
        message: `${who}: ${message}`,
        code,
        token,
      });
    for (const word of cli.keyword.split(" ")) {
      if (word.startsWith("--") && RESERVED.has(word.slice(2)))
        usage(
          `usage flag ${quoted(word)} is an option every command keeps for itself: choose another word`,
          "reserved-flag-word",
          word,
        );
    }
    // A command whose plain words begin with another command's: that one's first argument can
    // then not be this command's next word, unless written after --. Allowed, but said.
    const plainWords = plainOf(cli.keyword).split(" ");
    for (let k = plainWords.length - 1; k > 0; k--) {
      const shorter = commandsByPlain.get(plainWords.slice(0, k).join(" "));
      const other = shorter?.find((c) => c.cli.positionals.length > 0);
      if (other) {
        const first = other.cli.positionals[0]!;
        report({
          path: ["tools", i, "cli", "usage"],
          severity: "warning",
          message: `${who}: command ${quoted(cli.keyword)} begins like command ${quoted(usageOf(other.tool))}: there, a <${first}> of ${quoted(plainWords[k])} must be written after -- (${spec.targets.cli?.bin ?? "<bin>"} ${plainOf(other.cli.keyword)} -- ${plainWords[k]})`,
          code: "command-prefix",
        });
        break;
      }
    }
    const required = new Set(requiredInputs(tool));
    for (const name of cli.positionals) {
      if (!required.has(name)) {
        usage(
          `usage placeholder <${name}> is an optional input, but a positional argument must always be given: make ${quoted(name)} required, or leave it to its --${kebabCase(name)} option`,
          "optional-positional",
          `<${name}>`,
        );
      }
    }
    const properties = (tool.input.properties ?? {}) as {
      readonly [name: string]: unknown;
    };
    // An input the CLI hides (cli.hide) is no option of the command.
    const hidden = new Set(tool.cli?.hide ?? []);
    const names = inputNames(tool).filter((name) => !hidden.has(name));
    // A boolean option also answers to --no-<option>, which no other input may then be.
    const negations = new Map<string, string>();
    for (const name of names) {
      if (
        !cli.positionals.includes(name) &&
        cliType(properties[name], tool.input) === "boolean"
      )
        negations.set(`no-${kebabCase(name)}`, name);
    }
    for (const name of names) {
      if (cli.positionals.includes(name)) continue;
      const option = kebabCase(name);
      const at = ["tools", i, "input", "properties", name];
      const problem = (message: string, code: Code) =>
        report({
          path: at,
          key: true,
          message: `${who}, input ${quoted(name)} ${message}`,
          code,
        });
      if (negations.has(option)) {
        problem(
          `would be the CLI option --${option}, which already turns off the boolean ${quoted(negations.get(option))}: rename it`,
          "option-is-negation",
        );
      } else if (RESERVED.has(option)) {
        problem(
          `would be the CLI option --${option}, which every command keeps for itself: rename it, or take it as a <${name}> in the usage`,
          "reserved-option",
        );
      } else if (selecting.has(option)) {
        problem(
          `would be the CLI option --${option}, which already selects the command ${quoted(selecting.get(option))}: rename it, or take it as a <${name}> in the usage`,
          "option-selects-command",
        );
      }
    }
  }
  return problems;
};

/** The commands in the order the CLI lists them: by section, then in spec order. */
function commandsInOrder(spec: CheckedSpec): Command[] {
  const read = cliCommands(spec);
  const bySection = new Map<string, Command[]>();
  spec.tools.forEach((tool, index) => {
    const cli = read[index];
    if (tool === undefined || cli === undefined) return;
    const list = bySection.get(tool.section) ?? [];
    list.push({ tool, index, cli });
    bySection.set(tool.section, list);
  });
  // A section is listed once, at its first place; the order does not depend on a broken one.
  return [...sectionsById(spec.sections).keys()].flatMap(
    (id) => bySection.get(id) ?? [],
  );
}

/** The usage as the model writes it: its words joined by one space. */
function usageOf(tool: RawTool): string {
  return tool.cli!.usage.trim().split(/\s+/).join(" ");
}
