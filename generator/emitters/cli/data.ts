import { oncePerModel } from "../../model/once.js";
import { declared } from "../../model/targets.js";
import type {
  CommandData,
  CommandsData,
  InputData,
} from "../../../runtime/cli/data.js";
import { kebabCase } from "../../model/names.js";
import type { Model, Tool } from "../../model/types.js";

/**
 * commands.json, typed by the runtime's own declaration of it: everything the CLI runtime reads
 * (the command map, each command's words and arguments) but the inputs' schemas, which it takes
 * from the client package's tools.json. Text from tools.yaml reaches the CLI only through data files.
 */
export function cliData(
  model: Model,
  owner: Pick<CommandsData, "package" | "bin" | "env"> = {
    package: declared(model, "cli").package,
    bin: declared(model, "cli").bin,
    env: declared(model, "client").env,
  },
): CommandsData {
  return {
    package: owner.package,
    bin: owner.bin,
    env: { ...owner.env },
    ...commandTables(model),
  };
}

/** The command table: the same in every package that carries the CLI's data. */
const commandTables = oncePerModel((model) => ({
  commandMap: commandMap(model),
  commands: cliTools(model).map(command),
}));

/** Every tool of a CLI-exposed section → its keyword, or null when the spec says `cli: null`. */
export function commandMap(model: Model): { [tool: string]: string | null } {
  const map: { [tool: string]: string | null } = {};
  for (const section of model.sections) {
    if (!section.cli) continue;
    for (const tool of section.tools)
      map[tool.name] = tool.cli ? tool.cli.keyword : null;
  }
  return map;
}

/** The tools offered as commands, section by section, each section's in its `cli.order`. */
export function cliTools(
  model: Model,
): (Tool & { cli: NonNullable<Tool["cli"]> })[] {
  return model.sections.flatMap((s) =>
    (s.cli?.commands ?? []).filter(
      (t): t is Tool & { cli: NonNullable<Tool["cli"]> } => Boolean(t.cli),
    ),
  );
}

function command(tool: Tool & { cli: NonNullable<Tool["cli"]> }): CommandData {
  // A set: a tool with hundreds of inputs stays linear.
  const required = new Set(tool.required);
  const input = (name: string, positional: boolean): InputData => ({
    name,
    option: positional ? null : kebabCase(name),
    required: positional || required.has(name),
  });
  const { positionals, variadic, hidden } = tool.cli;
  return {
    tool: tool.name,
    keyword: tool.cli.keyword,
    usage: tool.cli.usage,
    summary: tool.cli.summary,
    description: tool.cli.description,
    local: tool.http === null,
    inputs: [
      ...positionals.map((name, k) =>
        variadic && k === positionals.length - 1
          ? { ...input(name, true), variadic: true as const }
          : input(name, true),
      ),
      // An input the CLI hides is no option: the command never offers nor sends it.
      ...tool.inputNames
        .filter((name) => !positionals.includes(name) && !hidden.includes(name))
        .map((name) => input(name, false)),
    ],
  };
}
