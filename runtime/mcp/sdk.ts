import type * as V1Server from "@modelcontextprotocol/sdk/server/index.js";
import type * as V1Stdio from "@modelcontextprotocol/sdk/server/stdio.js";
import type * as V1Http from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type * as V1Types from "@modelcontextprotocol/sdk/types.js";
import type * as V2Server from "@modelcontextprotocol/server";
import type * as V2Stdio from "@modelcontextprotocol/server/stdio";
import type { BoundedEventStore } from "./event-store.js";
import type { JsonRpcMessage } from "./mcp-types.js";

/*
 * The package works with either line of the MCP TypeScript SDK: `@modelcontextprotocol/server`
 * 2.x (an optional peer) and `@modelcontextprotocol/sdk` 1.x (a peer npm installs with the
 * package). Neither is imported here: this code lives in the client package, whose folder need
 * not see the MCP package's peers. The MCP package's index.js and bin pass their own loaders of
 * each line (`import()` calls that resolve from the MCP package), and importSdks() awaits them.
 */

/**
 * The MCP package's own `import()` of each line's modules, in the order importV2 and importV1
 * read them; typed loosely so that no declaration names either SDK line.
 */
export interface SdkLoaders {
  /** `@modelcontextprotocol/server` and `@modelcontextprotocol/server/stdio`. */
  readonly v2: () => Promise<readonly unknown[]>;
  /** The 1.x server, stdio and Web Standard HTTP transports, and types modules. */
  readonly v1: () => Promise<readonly unknown[]>;
}

/** What the package uses of one SDK line: the server, its two transports, and v1's request schemas. */
export interface SdkLine {
  readonly line: 1 | 2;
  /** The low-level server class of that line. */
  readonly Server: new (
    info: { name: string; version: string },
    options: { capabilities: object; instructions?: string },
  ) => LowLevelServer;
  readonly StdioServerTransport: new () => unknown;
  readonly HttpTransport: new (options: HttpTransportOptions) => WebTransport;
  /** A JSON-RPC 2.0 message as that line reads one, or undefined when the value is none. */
  readonly parseMessage: (value: unknown) => JsonRpcMessage | undefined;
  /** v1's setRequestHandler takes the request's schema; v2's takes its method name. */
  readonly schemas?: { readonly [method: string]: unknown };
}

/** The SDK lines installed beside the package; at least one. */
export interface Sdks {
  readonly v1?: SdkLine;
  readonly v2?: SdkLine;
}

/** The low-level server of either line, as far as the wiring uses it. */
export interface LowLevelServer {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
  onclose?: () => void;
  assertCanSetRequestHandler(method: string): void;
  registerCapabilities(capabilities: object): void;
  setRequestHandler(...args: unknown[]): void;
  notification(notification: {
    method: string;
    params?: object;
  }): Promise<void>;
}

/** What the package gives the Streamable HTTP transport: stateless (no id generator) or sessions. */
export interface HttpTransportOptions {
  readonly sessionIdGenerator: (() => string) | undefined;
  readonly enableJsonResponse: boolean;
  readonly eventStore?: BoundedEventStore;
  readonly onsessioninitialized?: (id: string) => void;
  readonly onsessionclosed?: (id: string) => void;
}

/** The Streamable HTTP transport on web-standard requests, in either line. */
export interface WebTransport {
  handleRequest(request: Request): Promise<Response>;
  close(): Promise<void>;
  /** The id issued to the session, once initialized (session mode). */
  readonly sessionId?: string | undefined;
}

/** Thrown when neither line is installed: says what to install. */
export class MissingSdkError extends Error {
  constructor(pkg: string) {
    super(
      `${pkg} needs the MCP TypeScript SDK: install @modelcontextprotocol/server (2.x) or @modelcontextprotocol/sdk (1.x)`,
    );
    this.name = "MissingSdkError";
  }
}

/** Loads every installed SDK line; throws MissingSdkError, naming `pkg`, when there is none. */
export async function importSdks(
  pkg: string,
  loaders: SdkLoaders,
): Promise<Sdks> {
  const [v2, v1] = await Promise.all([
    importV2(loaders.v2),
    importV1(loaders.v1),
  ]);
  if (v1 === undefined && v2 === undefined) throw new MissingSdkError(pkg);
  return { ...(v1 && { v1 }), ...(v2 && { v2 }) };
}

/**
 * For a bin: the installed SDK lines, or undefined after one line on `err` that names what to
 * install (the bin then exits 2). Any other failure to load is thrown, as the bug it is.
 */
export async function importSdksForBin(
  pkg: string,
  loaders: SdkLoaders,
  program: string,
  err: (text: string) => void,
): Promise<Sdks | undefined> {
  try {
    return await importSdks(pkg, loaders);
  } catch (error) {
    if (!(error instanceof MissingSdkError)) throw error;
    err(`${program}: ${error.message}\n`);
    return undefined;
  }
}

/** The line a new server is made with: v2, the stable line, when both are installed. */
export function preferredLine(sdks: Sdks): SdkLine {
  const line = sdks.v2 ?? sdks.v1;
  if (line === undefined) throw new MissingSdkError("this package");
  return line;
}

// Alike in shape to importV1 on purpose: one function per SDK line, whose modules and names differ.
async function importV2(load: SdkLoaders["v2"]): Promise<SdkLine | undefined> {
  const modules = await installed(load);
  if (modules === undefined) return undefined;
  const [server, stdio] = modules as [typeof V2Server, typeof V2Stdio];
  return {
    line: 2,
    Server: server.Server as unknown as SdkLine["Server"],
    StdioServerTransport: stdio.StdioServerTransport,
    HttpTransport: server.WebStandardStreamableHTTPServerTransport,
    parseMessage: (value) => {
      try {
        return server.parseJSONRPCMessage(value) as JsonRpcMessage;
      } catch {
        return undefined;
      }
    },
  };
}

// Alike in shape to importV2 on purpose: one function per SDK line, whose modules and names differ.
async function importV1(load: SdkLoaders["v1"]): Promise<SdkLine | undefined> {
  const modules = await installed(load);
  if (modules === undefined) return undefined;
  const [server, stdio, http, types] = modules as [
    typeof V1Server,
    typeof V1Stdio,
    typeof V1Http,
    typeof V1Types,
  ];
  return {
    line: 1,
    Server: server.Server as unknown as SdkLine["Server"],
    StdioServerTransport: stdio.StdioServerTransport,
    HttpTransport: http.WebStandardStreamableHTTPServerTransport,
    parseMessage: (value) => {
      const parsed = types.JSONRPCMessageSchema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    },
    schemas: {
      "tools/list": types.ListToolsRequestSchema,
      "tools/call": types.CallToolRequestSchema,
      // The prompts and resources of tools.yaml (catalog-serve.ts).
      "prompts/list": types.ListPromptsRequestSchema,
      "prompts/get": types.GetPromptRequestSchema,
      "resources/list": types.ListResourcesRequestSchema,
      "resources/templates/list": types.ListResourceTemplatesRequestSchema,
      "resources/read": types.ReadResourceRequestSchema,
      "resources/subscribe": types.SubscribeRequestSchema,
      "resources/unsubscribe": types.UnsubscribeRequestSchema,
      "completion/complete": types.CompleteRequestSchema,
    },
  };
}

/** What `load` imports, or undefined when the package is not installed (a broken installation is thrown as it is). */
async function installed<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (notInstalled(error)) return undefined;
    throw error;
  }
}

/** The package itself is missing, as opposed to a broken installation, which is thrown as it is. */
function notInstalled(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "ERR_MODULE_NOT_FOUND" || code === "ERR_PACKAGE_PATH_NOT_EXPORTED"
  );
}
