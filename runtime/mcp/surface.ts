import type { Tool } from "./mcp-types.js";

/*
 * The typed surface of the MCP package, written once for every spec. The generated
 * index.d.ts binds it to one spec's tool names, client and handlers, under the package's names.
 */

/** One row of the tool table: an MCP tool named after a tool of tools.yaml. */
export interface McpTool<Name extends string> extends Tool {
  readonly name: Name;
}

/** serveTools' options: `handlers` may be left out only when the spec has no local tool. */
export type ServeOptions<Client, Handlers> = {
  /** Calls the platform for every HTTP-bound tool. */
  readonly client: Client;
} & ([keyof Handlers] extends [never]
  ? {
      /** One handler per local tool; a thrown error becomes an isError result. */
      readonly handlers?: Handlers;
    }
  : {
      /** One handler per local tool; a thrown error becomes an isError result. */
      readonly handlers: Handlers;
    });

/** createServer's options: serveTools' and what the server announces. */
export type CreateServerOptions<Client, Handlers> = ServeOptions<
  Client,
  Handlers
> & {
  /** The name the server announces: tools.yaml's server_name unless given. */
  readonly name?: string;
  /** The version the server announces: the MCP package's own unless given. */
  readonly version?: string;
  /** Instructions a client may add to the model's prompt. */
  readonly instructions?: string;
};

/**
 * A server of either MCP SDK line that serveTools can serve on: a low-level `Server` or an
 * `McpServer`, from `@modelcontextprotocol/server` (2.x) or `@modelcontextprotocol/sdk` (1.x).
 * Typed by shape, so that the package names neither line in its types.
 */
export type SdkServer =
  | { setRequestHandler(...args: never[]): unknown }
  | { registerTool(...args: never[]): unknown; readonly server: object };

/** createServer's server: a low-level `Server` of the installed SDK line (v2 when both are). */
export interface ToolServer {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}

/** createHttpHandler's options: createServer's, the origins allowed and the bearer token. */
export type HttpHandlerOptions<Client, Handlers> = CreateServerOptions<
  Client,
  Handlers
> & {
  /** Origins whose pages may call beside localhost's, each `scheme://host[:port]`. */
  readonly allowedOrigins?: readonly string[];
  /** The bearer token every request must carry; by default tools.yaml's http_token_env, when set. */
  readonly token?: string;
};
