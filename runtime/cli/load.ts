import type { ToolInfo } from "../shared/data.js";
import type { CommandsData } from "./data.js";
import { resolveLocal } from "./refs.js";
import type { CliData, InputSchema } from "./types.js";
import { asRecord } from "../shared/record.js";

/**
 * commands.json with each input's schema taken from its tool's input schema in the client's
 * `tools`, its local refs resolved (resolveLocal).
 */
export function withSchemas(
  data: CommandsData,
  tools: readonly ToolInfo[],
): CliData {
  const schemas = new Map(tools.map((t) => [t.name, t.inputSchema]));
  return {
    ...data,
    commands: data.commands.map((command) => {
      const root = schemas.get(command.tool);
      const properties = asRecord(root?.properties);
      return {
        ...command,
        inputs: command.inputs.map((input) => ({
          ...input,
          schema: asRecord(
            Object.hasOwn(properties, input.name)
              ? resolveLocal(properties[input.name], root)
              : undefined,
          ) as InputSchema,
        })),
      };
    }),
  };
}
