import { kebabCase } from "../../model/names.js";
import type { JsonObject, JsonValue, Model, Tool } from "../../model/types.js";

/**
 * commands.json: everything the CLI runtime reads (the command map, each command's words,
 * arguments and schemas). Text from tools.yaml reaches the CLI only through this data file.
 */
export function cliData(model: Model): JsonObject {
  const exposed = cliTools(model);
  return {
    package: model.targets.cli.package,
    bin: model.targets.cli.bin,
    env: { ...model.targets.client.env },
    commandMap: commandMap(model),
    commands: exposed.map(command),
  };
}

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

/** The tools offered as commands, in spec order. */
export function cliTools(
  model: Model,
): (Tool & { cli: NonNullable<Tool["cli"]> })[] {
  return model.sections
    .filter((s) => s.cli)
    .flatMap((s) => s.tools)
    .filter((t): t is Tool & { cli: NonNullable<Tool["cli"]> } =>
      Boolean(t.cli),
    );
}

function command(tool: Tool & { cli: NonNullable<Tool["cli"]> }): JsonObject {
  const properties = asObject(tool.input.properties);
  // A set: a tool with hundreds of inputs stays linear.
  const required = new Set(tool.required);
  const input = (name: string, positional: boolean): JsonObject => ({
    name,
    option: positional ? null : kebabCase(name),
    required: positional || required.has(name),
    schema: asObject(properties[name]),
  });
  return {
    tool: tool.name,
    keyword: tool.cli.keyword,
    usage: tool.cli.usage,
    summary: tool.cli.summary,
    description: tool.short,
    local: tool.http === null,
    inputs: [
      ...tool.cli.positionals.map((name) => input(name, true)),
      ...tool.inputNames
        .filter((name) => !tool.cli.positionals.includes(name))
        .map((name) => input(name, false)),
    ],
  };
}

function asObject(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}
