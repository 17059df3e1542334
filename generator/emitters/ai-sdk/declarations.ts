import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { boundDeclarations } from "../../render/bindings.js";

/**
 * index.d.ts: the typed surface of createTools (runtime/ai-sdk/surface.ts, in the client
 * package's `runtime/ai-sdk`) bound to this spec's types. Only the client package's name
 * depends on the spec.
 */
export function declarations(model: Model): string {
  // Each package's table of the client types its surface binds: alike across targets on
  // purpose (one table per target, read by render/bindings.ts), each naming only what it uses.
  return boundDeclarations({
    client: declared(model, "client").package,
    kind: "ai-sdk",
    imports: [
      "LocalHandlers",
      "LocalToolName",
      "PlatformClient",
      "ToolInputs",
      "ToolName",
      "ToolOutputs",
    ],
    reexports: ["LocalHandlers", "ToolInputs", "ToolName"],
    own: "",
    spec: [
      ["toolName", "ToolName"],
      ["localToolName", "LocalToolName"],
      ["inputs", "ToolInputs"],
      ["results", "ToolOutputs"],
      ["handlers", "LocalHandlers"],
      ["client", "PlatformClient"],
    ],
    types: [
      ["SelectedTool<N extends ToolName>", "Surface.SelectedTool<Spec, N>"],
      ["HandlersOption<T extends ToolName>", "Surface.HandlersOption<Spec, T>"],
      [
        "CreateToolsOptions<N extends ToolName = never>",
        "Surface.CreateToolsOptions<Spec, N>",
      ],
      [
        "PlatformTools<N extends ToolName = ToolName>",
        "Surface.PlatformTools<Spec, N>",
      ],
    ],
    values: ["createTools"],
  });
}
