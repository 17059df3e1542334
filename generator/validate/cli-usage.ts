import { declaresCli } from "../model/targets.js";
import type { Code } from "./codes.js";
import { cliType } from "../model/main-type.js";
import { kebabCase } from "../model/names.js";
import type { RawTool } from "../model/raw.js";
import type { Problem } from "./problem.js";
import {
  firstSeen,
  inputNames,
  listHint,
  sectionsById,
  toolPath,
  type Check,
  type CheckedSpec,
} from "./checked-spec.js";
import { quoted } from "../diagnostics/quoted.js";

/**
 * Each CLI usage: keywords and flags first, then placeholders naming inputs, each once; no two
 * commands with one keyword; no two inputs of a command sharing one --kebab-case option.
 */
export const checkCliUsages: Check = (spec) => {
  const problems: Problem[] = [];
  const commands = cliCommands(spec);
  commands.forEach((command, i) => {
    if (command === undefined) return;
    for (const fault of command.faults)
      problems.push({
        ...fault,
        path: toolPath(i, "cli", "usage"),
        message: `tool ${quoted(spec.tools[i]!.name)}: ${fault.message}`,
      });
  });
  firstSeen(
    commands.map((c) => c?.keyword),
    (i, first) =>
      problems.push({
        path: toolPath(i, "cli", "usage"),
        message: `tool ${quoted(spec.tools[i]!.name)}: CLI command ${quoted(commands[i]!.keyword)} is already the usage of tool ${quoted(spec.tools[first]!.name)}`,
        code: "duplicate-command",
      }),
  );
  spec.tools.forEach((t, i) => {
    if (t === undefined || commands[i] === undefined) return;
    // Each input the CLI does not hide becomes a --kebab-case option of the command: two inputs must not share one.
    const hidden = new Set(t.cli?.hide ?? []);
    const names = inputNames(t).filter((name) => !hidden.has(name));
    firstSeen(names.map(kebabCase), (j, first) =>
      problems.push({
        path: toolPath(i, "input", "properties", names[j]!),
        key: true,
        message: `tool ${quoted(t.name)}: inputs ${quoted(names[j])} and ${quoted(names[first])} both become the CLI option --${kebabCase(names[j]!)}: rename one`,
        code: "cli-option-collision",
      }),
    );
  });
  return problems;
};

/** A usage as read: its keyword (the keyword and flag words joined), its placeholders, what is wrong with it. */
export interface ReadUsage {
  readonly keyword: string;
  readonly positionals: readonly string[];
  /** True when the last placeholder takes the rest of the words (`<task...>`). */
  readonly variadic: boolean;
  readonly faults: readonly UsageFault[];
}

/** What is wrong with a usage, and the word of it to point at. */
export interface UsageFault {
  readonly message: string;
  readonly code: Code;
  readonly token?: string;
}

/**
 * Each sound tool's command (a tool in a section on the CLI, with a usage), by tool index; none
 * without the cli target, whose usages are then ignored.
 */
export function cliCommands(spec: CheckedSpec): (ReadUsage | undefined)[] {
  const byId = sectionsById(spec.sections);
  const withCli = declaresCli(spec.declared);
  return spec.tools.map((t) =>
    withCli && t?.cli && byId.get(t.section)?.cli ? readUsage(t) : undefined,
  );
}

/**
 * `delegate --async <workspace_id> <task...>` → keyword `delegate --async`, positionals
 * [workspace_id, task], the last taking the rest of the words.
 */
function readUsage(tool: RawTool): ReadUsage {
  const inputs = inputNames(tool);
  const faults: UsageFault[] = [];
  const keywords: string[] = [];
  const positionals: string[] = [];
  let variadic: string | null = null;
  for (const word of tool.cli!.usage.trim().split(/\s+/)) {
    const m = /^<([^<>]+?)(\.\.\.)?>$/.exec(word);
    if (m) {
      const name = m[1]!;
      if (variadic !== null)
        faults.push({
          message: `usage placeholder ${variadic} takes the rest of the words, so it must be the last: <${name}> follows it`,
          code: "variadic-not-last",
          token: variadic,
        });
      if (m[2] !== undefined) {
        variadic = word;
        const schema = (tool.input.properties as Record<string, unknown>)?.[
          name
        ];
        if (inputs.includes(name) && cliType(schema, tool.input) !== "string")
          faults.push({
            message: `usage placeholder ${word} takes the rest of the words as one text, but input ${quoted(name)} is no string`,
            code: "variadic-not-string",
            token: word,
          });
      }
      if (!inputs.includes(name))
        faults.push({
          message: `usage placeholder <${name}> is not an input of this tool${listHint(inputs)}`,
          code: "unknown-input",
          token: word,
        });
      else if (positionals.includes(name))
        faults.push({
          message: `usage names <${name}> twice`,
          code: "duplicate-placeholder",
          token: word,
        });
      positionals.push(name);
    } else if (positionals.length > 0) {
      faults.push({
        message: `usage keyword ${quoted(word)} comes after a placeholder: write the keywords and flags first`,
        code: "usage-word-order",
        token: word,
      });
    } else if (!/^(--)?[a-z][a-z0-9-]*$/.test(word)) {
      faults.push({
        message: `usage word ${quoted(word)} is neither a keyword (lower-case letters, digits, -), a --flag nor an <input>`,
        code: "bad-usage-word",
        token: word,
      });
    } else keywords.push(word);
  }
  if (keywords.length === 0 || keywords[0]!.startsWith("--"))
    faults.push({
      message: "usage must start with a command keyword",
      code: "usage-without-keyword",
    });
  return {
    keyword: keywords.join(" "),
    positionals,
    variadic: variadic !== null,
    faults,
  };
}
