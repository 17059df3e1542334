import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { stringLiteral } from "../../render/literal.js";
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
  const client = stringLiteral(declared(model, "client").package);
  const inputs = model.tools.map((t) => `${t.pascalName}Input`);
  return `${codeHeader}import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalHandlers, LocalToolName, PlatformClient } from ${client};
import type * as Surface from "./runtime/surface.js";

export type { ${[...inputs, ...FROM_CLIENT].join(", ")} } from ${client};

${typeDeclaration(
  "ToolName",
  stringUnion(model.tools.map((t) => t.name)),
  "The name of every tool in tools.yaml.",
)}
/** One row of the tool table: an MCP tool named after a tool of tools.yaml. */
export type McpTool = Surface.McpTool<ToolName>;

/**
 * Every tool as MCP lists it, in spec order: \`title\` is the tool's \`title\`, \`description\`
 * its \`short\`, \`inputSchema\` its \`input\` and \`outputSchema\` its \`output\`, byte for byte;
 * \`annotations\` its hints, declared or derived from the HTTP method. Frozen.
 */
export declare const tools: readonly McpTool[];

/**
 * The prompts package's MCP prompt (its \`mcpPrompt\`, imported from there), which the bin sends
 * as the server's instructions: pass it to createServer to send it too. Undefined without the
 * docs target or with \`instructions: false\`.
 */
export declare const instructions: string | undefined;

/** The tools answered by your handlers rather than the platform. */
export declare const localTools: readonly LocalToolName[];

/** serveTools' options: the client, and one handler per local tool. */
export type ServeOptions = Surface.ServeOptions<PlatformClient, LocalHandlers>;

/** createServer's options: serveTools' and what the server announces. */
export type CreateServerOptions = Surface.CreateServerOptions<PlatformClient, LocalHandlers>;

/** createHttpHandler's options: createServer's, the origins allowed and the bearer token. */
export type HttpHandlerOptions = Surface.HttpHandlerOptions<PlatformClient, LocalHandlers>;

/**
 * Serves every tool on an SDK server of either line (\`@modelcontextprotocol/server\` 2.x or
 * \`@modelcontextprotocol/sdk\` 1.x): tools/list answers the table, tools/call validates the
 * arguments, then calls the platform or your handler. Bad arguments, unknown tools and failed
 * calls come back as isError results. On a low-level \`Server\`, it throws rather than replace
 * tool handlers the server already has; on an \`McpServer\`, the tools are served beside the
 * ones you register, before or after. Call it once, before connect().
 */
export declare function serveTools(server: Surface.SdkServer, options: ServeOptions): void;

/** A new low-level SDK server serving every tool (of the installed line, v2 when both are). */
export declare function createServer(options: CreateServerOptions): Surface.ToolServer;

/**
 * The tools over MCP's Streamable HTTP transport, statelessly, for your own node:http server:
 * requests from other origins than localhost's and \`allowedOrigins\` are refused (403), and
 * with a token, requests without it (401).
 */
export declare function createHttpHandler(options: HttpHandlerOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export {};
`;
}
