import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { boundDeclarations } from "../../render/bindings.js";
import { stringUnion, typeDeclaration } from "../../render/schema-types.js";

/** The client's names this package passes on, so that an MCP consumer needs one import. */
const FROM_CLIENT = [
  "HandlerContext",
  "LocalHandlers",
  "LocalToolName",
  "HttpToolName",
  "ToolInputs",
  "PlatformClient",
];

/**
 * The typed layer: the table typed with the SDK's own Tool, the name union, and serveTools
 * demanding a handler for every local tool (a missing one is a type error at the call). The
 * fixed types are runtime/mcp/surface.ts's, bound here to this spec's.
 */
export function indexDts(model: Model): string {
  const inputs = model.tools.map((t) => `${t.pascalName}Input`);
  return boundDeclarations({
    client: declared(model, "client").package,
    kind: "mcp",
    imports: ["LocalHandlers", "LocalToolName", "PlatformClient"],
    reexports: [...inputs, ...FROM_CLIENT],
    own: `${typeDeclaration(
      "ToolName",
      stringUnion(model.tools.map((t) => t.name)),
      "The name of every tool in tools.yaml.",
    )}\n`,
    spec: [
      ["toolName", "ToolName"],
      ["localToolName", "LocalToolName"],
      ["client", "PlatformClient"],
      ["handlers", "LocalHandlers"],
    ],
    types: [
      ["McpTool", "Surface.McpTool<ToolName>"],
      ["ServeOptions", "Surface.ServeOptions<PlatformClient, LocalHandlers>"],
      [
        "CreateServerOptions",
        "Surface.CreateServerOptions<PlatformClient, LocalHandlers>",
      ],
      [
        "HttpHandlerOptions",
        "Surface.HttpHandlerOptions<PlatformClient, LocalHandlers>",
      ],
    ],
    values: [
      "tools",
      "instructions",
      "localTools",
      "serveTools",
      "createServer",
      "createHttpHandler",
    ],
  });
}
