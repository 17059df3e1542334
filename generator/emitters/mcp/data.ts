import { declared } from "../../model/targets.js";
import type { McpData } from "../../../runtime/mcp/data.js";
import type { Model } from "../../model/types.js";

/**
 * The MCP package's tools.json, typed by the runtime's own declaration of it: how the server is
 * named and the tools' former names. The tools it lists (names, descriptions, input schemas)
 * come from the client package's tools.json, where each schema is written once.
 */
export function mcpData(model: Model): McpData {
  const mcp = declared(model, "mcp");
  const client = declared(model, "client");
  return {
    server: {
      name: mcp.serverName,
      bin: mcp.bin,
      environment: { ...client.env },
      httpTokenEnv: mcp.httpTokenEnv,
    },
    renamed: Object.fromEntries(
      model.tools.flatMap((t) => t.renamedFrom.map((old) => [old, t.name])),
    ),
  };
}
