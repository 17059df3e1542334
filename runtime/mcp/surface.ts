import type { HttpHandler } from "./http.js";
import type { Tool } from "./mcp-types.js";
import type { CatalogOptions } from "./catalog-handlers.js";

export type * from "./catalog-handlers.js";

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
} & CatalogOptions &
  ([keyof Handlers] extends [never]
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
  /**
   * Session mode: SSE streams, resumption with Last-Event-ID, a server per session; `true` or
   * its bounds (100 sessions, 10 minutes idle, 1 MiB of events kept per session unless given).
   */
  readonly sessions?:
    | boolean
    | {
        readonly maxSessions?: number;
        readonly idleMs?: number;
        readonly eventBytes?: number;
      };
};

/** createHttpHandler's handler, with what session mode adds (notify, close, sessions). */
export type { HttpHandler } from "./http.js";

/** One spec's types, as the generated index.d.ts passes them in. */
export interface SpecTypes {
  readonly toolName: string;
  readonly localToolName: string;
  readonly client: unknown;
  readonly handlers: unknown;
}

/** The package's exports, bound by the generated index.d.ts to one spec's types. */
export interface Exports<T extends SpecTypes> {
  /**
   * Every tool as MCP lists it, in spec order: `title` is the tool's `title`, `description`
   * its `short`, `inputSchema` its `input` and `outputSchema` its `output`, byte for byte;
   * `annotations` its hints, declared or derived from the HTTP method. Frozen.
   */
  readonly tools: readonly McpTool<T["toolName"]>[];
  /**
   * The prompts package's MCP prompt (its `mcpPrompt`, imported from there), which the bin sends
   * as the server's instructions: pass it to createServer to send it too. Undefined without the
   * docs target or with `instructions: false`.
   */
  readonly instructions: string | undefined;
  /** The tools answered by your handlers rather than the platform. */
  readonly localTools: readonly T["localToolName"][];
  /**
   * Serves every tool on an SDK server of either line (`@modelcontextprotocol/server` 2.x or
   * `@modelcontextprotocol/sdk` 1.x): tools/list answers the table, tools/call validates the
   * arguments, then calls the platform or your handler. Bad arguments, unknown tools and failed
   * calls come back as isError results. On a low-level `Server`, it throws rather than replace
   * tool handlers the server already has; on an `McpServer`, the tools are served beside the
   * ones you register, before or after. Call it once, before connect().
   */
  serveTools(
    server: SdkServer,
    options: ServeOptions<T["client"], T["handlers"]>,
  ): void;
  /** A new low-level SDK server serving every tool (of the installed line, v2 when both are). */
  createServer(
    options: CreateServerOptions<T["client"], T["handlers"]>,
  ): ToolServer;
  /**
   * The tools over MCP's Streamable HTTP transport, for your own node:http server, statelessly
   * unless `sessions` is given: requests from other origins than localhost's and
   * `allowedOrigins` are refused (403), and with a token, requests without it (401); pages of
   * `allowedOrigins` get CORS headers.
   */
  createHttpHandler(
    options: HttpHandlerOptions<T["client"], T["handlers"]>,
  ): HttpHandler;
}
