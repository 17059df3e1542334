import type { ToolInfo } from "../shared/data.js";
import type { CommandsData } from "./data.js";
import type { CliData, InputSchema } from "./types.js";

/** commands.json with each input's schema taken from its tool's input schema in the client's `tools`. */
export function withSchemas(
  data: CommandsData,
  tools: readonly ToolInfo[],
): CliData {
  const schemas = new Map(tools.map((t) => [t.name, t.inputSchema]));
  return {
    ...data,
    commands: data.commands.map((command) => {
      const properties = asObject(schemas.get(command.tool)?.properties);
      return {
        ...command,
        inputs: command.inputs.map((input) => ({
          ...input,
          schema: asObject(
            Object.hasOwn(properties, input.name)
              ? properties[input.name]
              : undefined,
          ) as InputSchema,
        })),
      };
    }),
  };
}

function asObject(value: unknown): { readonly [key: string]: unknown } {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as { readonly [key: string]: unknown })
    : {};
}
