import fs from "node:fs";
import path from "node:path";
import { parseCommandLine } from "../../../runtime/cli/argv.js";
import { commandHelp, globalHelp } from "../../../runtime/cli/help.js";
import { withSchemas } from "../../../runtime/cli/load.js";
import type { CommandsData } from "../../../runtime/cli/data.js";
import type { ToolInfo } from "../../../runtime/shared/data.js";
import { repoRoot } from "../../helpers/project.js";

/**
 * The shared parse vectors (tests/vectors/cli-parse): a hand-written commands.json with every
 * kind of input the CLI reads, and command lines with what the runtime makes of each. What a
 * case yields, in the form both languages compare: help as its text (no handlers), a usage
 * error as its message and command, a command to run as its tool, its input written as JSON
 * and whether --json was given. tests/python/test_cli_parse_vectors.py reads them the same way.
 */
export interface ParseCase {
  readonly argv: readonly string[];
  readonly expect: Outcome;
}
export type Outcome =
  | { readonly kind: "help"; readonly text: string }
  | {
      readonly kind: "usage";
      readonly message: string;
      readonly command: string | null;
    }
  | {
      readonly kind: "run";
      readonly tool: string;
      readonly input: string;
      readonly json: boolean;
    };

const dir = path.join(repoRoot, "tests", "vectors", "cli-parse");
const spec = JSON.parse(
  fs.readFileSync(path.join(dir, "spec.json"), "utf8"),
) as { commands: CommandsData; tools: ToolInfo[] };
export const data = withSchemas(spec.commands, spec.tools);
export const cases = JSON.parse(
  fs.readFileSync(path.join(dir, "cases.json"), "utf8"),
) as ParseCase[];

export function outcome(argv: readonly string[]): Outcome {
  const none = () => false;
  const invocation = parseCommandLine(argv, data);
  if (invocation.kind === "help")
    return {
      kind: "help",
      text: invocation.command
        ? commandHelp(data, invocation.command, none)
        : globalHelp(data, none),
    };
  if (invocation.kind === "usage")
    return {
      kind: "usage",
      message: invocation.message,
      command: invocation.command?.keyword ?? null,
    };
  return {
    kind: "run",
    tool: invocation.command.tool,
    input: JSON.stringify(invocation.input),
    json: invocation.json,
  };
}
