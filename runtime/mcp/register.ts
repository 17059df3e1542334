import type { LowLevelServer } from "./sdk.js";
import {
  setHandler,
  signalOf,
  type RequestHandler,
  type ToolMethod,
} from "./sdk-server.js";
import type { CallParams, ToolAnswers } from "./tool-answers.js";
import type { ToolTable } from "./table.js";

/**
 * The high-level McpServer of either SDK line, as far as co-registration reads it. The fields
 * with an underscore are the SDK's own (private in its types, the same in 1.x and 2.x): the
 * tests of both lines (tests/runtime/mcp/register.isolated.test.ts) hold them.
 */
export interface McpServerLike {
  readonly server: LowLevelServer;
  registerTool(...args: unknown[]): unknown;
  readonly _registeredTools?: { readonly [name: string]: unknown };
  readonly _toolHandlersInitialized?: boolean;
  setToolRequestHandlers?(): void;
  isConnected?(): boolean;
}

interface HandlerStore {
  readonly _requestHandlers?: Map<string, RequestHandler>;
}

/** The servers whose McpServer already serves a table: a second table would hide the first. */
const served = new WeakSet<object>();

export function isMcpServer(server: unknown): server is McpServerLike {
  const s = server as Partial<McpServerLike> | null;
  return (
    typeof s?.registerTool === "function" &&
    typeof s.server === "object" &&
    s.server !== null
  );
}

/**
 * Serves the table beside the tools the user registers on the McpServer, before or after: the
 * McpServer's own tools/list and tools/call handlers are installed first (as its first
 * registerTool would), then wrapped, so its later registerTool calls still reach them. tools/list
 * answers the table's tools, then the McpServer's; tools/call answers a table tool, else hands
 * the call to the McpServer.
 */
export function registerOnMcpServer(
  table: ToolTable,
  mcp: McpServerLike,
  answers: ToolAnswers,
): void {
  const server = mcp.server;
  if (served.has(server))
    throw new Error(
      "serveTools: this McpServer already serves the tools (serveTools called twice)",
    );
  if (mcp.isConnected?.() === true)
    throw new Error(
      "serveTools: serve the tools before connecting the server to a transport",
    );
  const theirs = mcpHandlers(mcp);
  const clash = table.tools
    .map((t) => t.name)
    .filter((name) => Object.hasOwn(mcp._registeredTools ?? {}, name));
  if (clash.length > 0) throw new Error(nameClash(clash));
  served.add(server);
  setHandler(table.sdks, server, "tools/list", async (request, extra) => {
    const listed = (await theirs["tools/list"](request, extra)) as {
      tools: { name: string }[];
    };
    const later = listed.tools.filter((t) => answers.has(t.name));
    if (later.length > 0) throw new Error(nameClash(later.map((t) => t.name)));
    return { ...listed, tools: [...answers.tools, ...listed.tools] };
  });
  setHandler(table.sdks, server, "tools/call", (request, extra) => {
    const params = request.params as CallParams;
    // A name neither serves goes to the table too, which answers it as MCP says (-32602), where
    // the McpServer of SDK 1.x would answer it as a tool result.
    return answers.has(params.name) ||
      !Object.hasOwn(mcp._registeredTools ?? {}, params.name)
      ? answers.call(params, signalOf(extra), extra, server)
      : theirs["tools/call"](request, extra);
  });
}

/** The McpServer's tools/list and tools/call handlers, installed now if no tool installed them yet. */
function mcpHandlers(mcp: McpServerLike): Record<ToolMethod, RequestHandler> {
  const store = (mcp.server as HandlerStore)._requestHandlers;
  if (
    !(store instanceof Map) ||
    (mcp._toolHandlersInitialized !== true &&
      typeof mcp.setToolRequestHandlers !== "function")
  )
    throw new TypeError(
      "serveTools: this McpServer comes from an SDK version this package does not know (it works with @modelcontextprotocol/sdk 1.x and @modelcontextprotocol/server 2.x)",
    );
  if (mcp._toolHandlersInitialized !== true) {
    try {
      mcp.setToolRequestHandlers!();
    } catch {
      throw new Error(
        "serveTools: serve the tools before connecting the server to a transport",
      );
    }
  }
  const list = store.get("tools/list");
  const call = store.get("tools/call");
  if (list === undefined || call === undefined)
    throw new Error("serveTools: this McpServer does not answer tools/list");
  return { "tools/list": list, "tools/call": call };
}

function nameClash(names: readonly string[]): string {
  return `serveTools: the McpServer registers ${names.join(", ")}, which the generated tools already name: each tool needs its own name`;
}
