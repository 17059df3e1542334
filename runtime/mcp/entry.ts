/**
 * What the MCP package imports from the client package's `runtime/mcp` subpath: its index.js
 * builds every export with mcpPackage(), its bin runs runMcpBin(). Both pass in the client
 * package's module, the MCP package's tools.json and its own loaders of the SDK lines.
 */
import type { ClientModule } from "../shared/client-parts.js";
import { createHttpHandler, type HttpHandler } from "./http.js";
import type { Tool } from "./mcp-types.js";
import type { McpServerLike } from "./register.js";
import { importRuntimeForBin } from "./runtime-package.js";
import {
  importSdks,
  importSdksForBin,
  type LowLevelServer,
  type SdkLoaders,
  type Sdks,
} from "./sdk.js";
import {
  createToolServer,
  serveToolTable,
  type CreateServerOptions,
  type ServeOptions,
} from "./serve.js";
import { runStdio } from "./stdio.js";
import { loadToolTable, type ToolTable } from "./table.js";
import type { HttpHandlerOptions } from "./http.js";
import type { DocsTexts } from "./catalog.js";

export type * as Surface from "./surface.js";
export type { SdkLoaders } from "./sdk.js";

/** What the MCP package's index.js and bin pass in. */
export interface McpPackageOptions {
  /** The client package's module. */
  readonly client: ClientModule;
  /** The MCP package's tools.json. */
  readonly data: URL;
  /** The MCP package's name, for the message when no SDK line is installed. */
  readonly pkg: string;
  /** The MCP package's own `import()` of each SDK line. */
  readonly sdks: SdkLoaders;
  /** The prompts package's `mcpPrompt`, or null: the server sends no instructions. */
  readonly instructions: string | null;
  /** The prompts package's texts served as prompts, or null: the spec has no docs target. */
  readonly docs?: DocsTexts | null;
}

/** The MCP package's exports (typed for one spec by its index.d.ts). */
export interface McpPackage {
  readonly tools: readonly Tool[];
  readonly instructions: string | undefined;
  readonly localTools: readonly string[];
  readonly serveTools: (
    server: LowLevelServer | McpServerLike,
    options: ServeOptions,
  ) => void;
  readonly createServer: (options: CreateServerOptions) => LowLevelServer;
  readonly createHttpHandler: (options: HttpHandlerOptions) => HttpHandler;
}

/** Every export of the MCP package; rejects (naming what to install) when no SDK line is. */
export async function mcpPackage(o: McpPackageOptions): Promise<McpPackage> {
  const table = toolTable(o, await importSdks(o.pkg, o.sdks));
  return {
    tools: table.tools,
    instructions: table.server.instructions ?? undefined,
    localTools: table.local,
    serveTools: (server, options) => serveToolTable(table, server, options),
    createServer: (options) => createToolServer(table, options),
    createHttpHandler: (options) =>
      createHttpHandler(table, options, process.env),
  };
}

/** What the bin passes besides the package's: its name, and `targets.mcp.runtime`'s package. */
export interface McpBinOptions extends McpPackageOptions {
  readonly program: string;
  /** The runtime package of the local tools: its name and the bin's own `import()` of it. */
  readonly runtime: {
    readonly name: string;
    readonly load: () => Promise<unknown>;
  } | null;
}

/**
 * The bin's whole life (runStdio). Without either SDK line, or without the runtime package, one
 * line on stderr naming what to install, and 2.
 */
export async function runMcpBin(o: McpBinOptions): Promise<number> {
  const err = (text: string): void => void process.stderr.write(text);
  const sdks = await importSdksForBin(o.pkg, o.sdks, o.program, err);
  if (sdks === undefined) return 2;
  const runtime =
    o.runtime === null
      ? null
      : await importRuntimeForBin(
          o.runtime.load,
          o.runtime.name,
          o.pkg,
          o.program,
          err,
        );
  if (runtime === undefined) return 2;
  return runStdio({
    table: toolTable(o, sdks),
    argv: process.argv.slice(2),
    createClient: () => o.client.createClientFromEnv(process.env),
    ...(runtime === null
      ? {}
      : {
          createRuntime: (client) =>
            runtime.createRuntime({ client, env: process.env }),
        }),
    out: (text) => void process.stdout.write(text),
    err,
    env: process.env,
  });
}

function toolTable(o: McpPackageOptions, sdks: Sdks): ToolTable {
  return loadToolTable(o.data, {
    tools: o.client.tools,
    validate: o.client.validateInput,
    withDefaults: o.client.withDefaults,
    validateOutput: o.client.validateOutput,
    sdks,
    instructions: o.instructions,
    docs: o.docs ?? null,
  });
}
