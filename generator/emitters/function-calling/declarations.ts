import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { boundDeclarations } from "../../render/bindings.js";

/**
 * index.d.ts: the typed surface (runtime/function-calling/surface.ts, in the client package's
 * `runtime/function-calling`) bound to this spec's types. Only the client package's name
 * depends on the spec.
 */
export function declarations(model: Model): string {
  // Each package's table of the client types its surface binds: alike across targets on
  // purpose (one table per target, read by render/bindings.ts), each naming only what it uses.
  return boundDeclarations({
    client: declared(model, "client").package,
    kind: "function-calling",
    imports: [
      "LocalHandlers",
      "LocalToolName",
      "PlatformClient",
      "ToolInputs",
      "ToolName",
    ],
    reexports: ["LocalHandlers", "ToolInputs", "ToolName"],
    own: "",
    spec: [
      ["toolName", "ToolName"],
      ["localToolName", "LocalToolName"],
      ["inputs", "ToolInputs"],
      ["handlers", "LocalHandlers"],
      ["client", "PlatformClient"],
    ],
    types: [
      ["InputSchema", "Surface.InputSchema"],
      ["ResponsesTool", "Surface.ResponsesTool<ToolName>"],
      ["ChatTool", "Surface.ChatTool<ToolName>"],
      ["AnthropicTool", "Surface.AnthropicTool<ToolName>"],
      ["DispatchOptions", "Surface.DispatchOptions<Spec>"],
      ["DispatchResult", "Surface.DispatchResult"],
    ],
    values: [
      "openaiResponsesTools",
      "openaiChatTools",
      "anthropicTools",
      "dispatch",
      "dispatchResult",
    ],
  });
}
