import type { ToolInfo } from "../shared/data.js";
import type {
  AnthropicTool,
  ChatTool,
  InputSchema,
  ResponsesTool,
} from "./surface.js";

/*
 * The tool definitions each provider's API takes, built from the client package's tool table
 * (name, short description, input schema as written in tools.yaml). Each definition holds its
 * own copy of the schema: a consumer may change one without changing the others or the table.
 */

/** tools.yaml requires every input schema to be an object schema (`type: object`). */
const schemaOf = (t: ToolInfo) => structuredClone(t.inputSchema) as InputSchema;

export function responsesTools(tools: readonly ToolInfo[]): ResponsesTool[] {
  return tools.map((t) => ({
    type: "function",
    name: t.name,
    description: t.short,
    parameters: schemaOf(t),
    strict: false,
  }));
}

export function chatTools(tools: readonly ToolInfo[]): ChatTool[] {
  return tools.map((t) => ({
    type: "function",
    function: { name: t.name, description: t.short, parameters: schemaOf(t) },
  }));
}

export function anthropicTools(tools: readonly ToolInfo[]): AnthropicTool[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.short,
    input_schema: schemaOf(t),
  }));
}
