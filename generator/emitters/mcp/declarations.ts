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
 * demanding a handler for every local tool (a missing one is a type error at the call).
 */
export function indexDts(model: Model): string {
  const client = stringLiteral(model.targets.client.package);
  const inputs = model.tools.map((t) => `${t.pascalName}Input`);
  const handlers = model.tools.some((t) => t.http === null)
    ? "handlers"
    : "handlers?";
  return `${codeHeader}import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { LocalHandlers, LocalToolName, PlatformClient } from ${client};

export type { ${[...inputs, ...FROM_CLIENT].join(", ")} } from ${client};

${typeDeclaration(
  "ToolName",
  stringUnion(model.tools.map((t) => t.name)),
  "The name of every tool in tools.yaml.",
)}
/** One row of the tool table: an MCP tool named after a tool of tools.yaml. */
export interface McpTool extends Tool {
  readonly name: ToolName;
}

/**
 * Every tool as MCP lists it, in spec order: \`description\` is the tool's \`short\`,
 * \`inputSchema\` its \`input\`, byte for byte. Frozen.
 */
export declare const tools: readonly McpTool[];

/** The tools answered by your handlers rather than the platform. */
export declare const localTools: readonly LocalToolName[];

export interface ServeOptions {
  /** Calls the platform for every HTTP-bound tool. */
  readonly client: PlatformClient;
  /** One handler per local tool; a thrown error becomes an isError result. */
  readonly ${handlers}: LocalHandlers;
}

export interface CreateServerOptions extends ServeOptions {
  /** The name the server announces: tools.yaml's server_name unless given. */
  readonly name?: string;
  /** The version the server announces: 0.0.0 unless given. */
  readonly version?: string;
  /** Instructions a client may add to the model's prompt. */
  readonly instructions?: string;
}

/**
 * Serves every tool on a low-level SDK server: tools/list answers the table, tools/call
 * validates the arguments, then calls the platform or your handler. Bad arguments, unknown
 * tools and failed calls come back as isError results. Call it once, before connect(); it
 * throws rather than replace tool handlers the server already has.
 */
export declare function serveTools(server: Server, options: ServeOptions): void;

/** A new SDK server serving every tool, with the tools capability declared. */
export declare function createServer(options: CreateServerOptions): Server;
`;
}
