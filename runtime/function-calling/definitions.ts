import type { ToolInfo } from "../shared/data.js";
import { viewSchema } from "../shared/views.js";
import type {
  AnthropicTool,
  ChatTool,
  InputSchema,
  ResponsesTool,
} from "./surface.js";

/*
 * The tool definitions each provider's API takes, built from the client package's tool table:
 * name, the function-calling view's description (the tool's short unless the spec's
 * `function_calling:` block gives one) and input schema (less the inputs that view hides). Each
 * definition holds its own copy of the schema: a consumer may change one without changing the
 * others or the table.
 */

/** tools.yaml requires every input schema to be an object schema (`type: object`). */
const schemaOf = (t: ToolInfo) =>
  structuredClone(
    viewSchema(t.inputSchema, t.views.functionCalling.hidden),
  ) as InputSchema;

const describe = (t: ToolInfo) => t.views.functionCalling.description;

export function responsesTools(tools: readonly ToolInfo[]): ResponsesTool[] {
  return tools.map((t) => ({
    type: "function",
    name: t.name,
    description: describe(t),
    parameters: schemaOf(t),
    strict: false,
  }));
}

export function chatTools(tools: readonly ToolInfo[]): ChatTool[] {
  return tools.map((t) => ({
    type: "function",
    function: {
      name: t.name,
      description: describe(t),
      parameters: schemaOf(t),
    },
  }));
}

export function anthropicTools(tools: readonly ToolInfo[]): AnthropicTool[] {
  return tools.map((t) => ({
    name: t.name,
    description: describe(t),
    input_schema: schemaOf(t),
  }));
}
