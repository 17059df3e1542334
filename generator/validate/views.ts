import type { RawTool, RawView } from "../model/raw.js";
import type { Problem } from "./problem.js";
import {
  inputNames,
  listHint,
  requiredInputs,
  toolPath,
  type Check,
} from "./checked-spec.js";
import { cliCommands } from "./cli-usage.js";
import { quoted } from "../diagnostics/quoted.js";
import { asRecord } from "../../runtime/shared/record.js";

/**
 * The per-target blocks a tool may carry besides `cli:`, each with the targets that read it (the
 * Python package serves MCP, LangChain and function calling), and the consumer's name in messages.
 * A block none of its targets reads is ignored.
 */
const VIEW_TARGETS = [
  ["mcp", ["mcp", "python"], "MCP"],
  ["langchain", ["langchain", "python"], "LangChain"],
  ["ai_sdk", ["ai_sdk"], "the AI SDK"],
  ["function_calling", ["function_calling", "python"], "function calling"],
] as const;

type ViewKey = (typeof VIEW_TARGETS)[number][0] | "cli";

/**
 * Each per-target view (`mcp:`, `langchain:`, `cli:`) hides only inputs of its tool; a hidden
 * required input needs a schema default (the one value the target can then send); the CLI
 * cannot hide an input its usage takes as a placeholder. A view of an undeclared target, or a
 * `cli:` block of a tool off the CLI, is ignored and not checked.
 */
export const checkViews: Check = (spec) => {
  const problems: Problem[] = [];
  const commands = cliCommands(spec);
  spec.tools.forEach((t, i) => {
    if (t === undefined) return;
    for (const [target, readers, consumer] of VIEW_TARGETS) {
      const view = t[target];
      if (view && readers.some((r) => spec.declared.has(r)))
        checkHidden(t, i, target, consumer, view, [], problems);
    }
    const command = commands[i];
    if (command !== undefined && t.cli)
      checkHidden(t, i, "cli", "the CLI", t.cli, command.positionals, problems);
  });
  return problems;
};

function checkHidden(
  tool: RawTool,
  index: number,
  target: ViewKey,
  consumer: string,
  view: RawView,
  positionals: readonly string[],
  problems: Problem[],
): void {
  const inputs = inputNames(tool);
  const required = requiredInputs(tool);
  const properties = asRecord(tool.input.properties);
  (view.hide ?? []).forEach((name, k) => {
    const at = toolPath(index, target, "hide", k);
    const who = `tool ${quoted(tool.name)}, ${target}.hide`;
    if (!inputs.includes(name))
      problems.push({
        path: at,
        code: "hidden-unknown-input",
        message: `${who}: ${quoted(name)} is not an input of this tool${listHint(inputs)}`,
      });
    else if (positionals.includes(name))
      problems.push({
        path: at,
        code: "hidden-positional",
        message: `${who}: ${quoted(name)} is a placeholder of the usage <${name}>: take it out of the usage to hide it`,
      });
    else if (
      required.includes(name) &&
      asRecord(properties[name]).default === undefined
    )
      problems.push({
        path: at,
        code: "hidden-required-input",
        message: `${who}: ${quoted(name)} is required and has no default, so ${consumer} could never call the tool: give it a default in its schema or show it`,
      });
  });
}
