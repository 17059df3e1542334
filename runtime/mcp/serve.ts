import {
  errorText,
  failure,
  invalidArguments,
  richSuccess,
  structuredSuccess,
  success,
  unknownTool,
  UnknownToolError,
} from "./results.js";
import { isToolResult } from "../shared/tool-result.js";
import type { LocalHandler, PlatformCaller } from "../shared/handler.js";
import { McpContext } from "./context.js";
import { withoutHidden } from "../shared/views.js";
import type { ToolTable } from "./table.js";
import type { CallParams, ToolAnswers } from "./tool-answers.js";

export type { CallParams, ToolAnswers } from "./tool-answers.js";
import {
  isMcpServer,
  registerOnMcpServer,
  type McpServerLike,
} from "./register.js";
import { preferredLine, type LowLevelServer } from "./sdk.js";
import { setHandler, signalOf } from "./sdk-server.js";
import type { CatalogOptions } from "./catalog-handlers.js";
import { serveCatalog } from "./catalog-serve.js";

type Dispatch = (
  input: object,
  signal: AbortSignal,
  extra: unknown,
  server: unknown,
) => Promise<unknown>;

/** What serves the tools, and the runtime's answers to the prompts and resources (catalog-handlers.ts). */
export interface ServeOptions extends CatalogOptions {
  readonly client: PlatformCaller;
  readonly handlers?: Readonly<Record<string, LocalHandler>>;
}

export interface CreateServerOptions extends ServeOptions {
  readonly name?: string;
  readonly version?: string;
  readonly instructions?: string;
}

const TOOL_METHODS = ["tools/list", "tools/call"] as const;

/**
 * Answers tools/list with the table and tools/call by validating the arguments, then calling the
 * platform through the client or a local handler. Failures come back as isError results: a bad
 * call must teach the model, not break the session; so does a tool's former name (renamed_from).
 * Only a name the spec never declared is a JSON-RPC error (-32602), as MCP 2025-11-25 says. `server` is a low-level Server of either SDK
 * line, or an McpServer, onto which the tools are registered beside its own.
 */
export function serveToolTable(
  table: ToolTable,
  server: LowLevelServer | McpServerLike,
  options: ServeOptions,
  subscriptions = true,
): void {
  if (isMcpServer(server)) {
    registerOnMcpServer(table, server, toolAnswers(table, options));
    return;
  }
  for (const method of TOOL_METHODS) {
    try {
      server.assertCanSetRequestHandler(method);
    } catch {
      // The SDK would silently replace the handlers already there, and with them the tools they serve.
      throw new Error(
        `serveTools: this server already answers ${method} (serveTools called twice, or tools registered another way)`,
      );
    }
  }
  const answers = toolAnswers(table, options);
  try {
    server.registerCapabilities({ tools: {} });
  } catch {
    throw new Error(
      "serveTools: serve the tools before connecting the server to a transport",
    );
  }
  setHandler(table.sdks, server, "tools/list", () => ({
    tools: answers.tools,
  }));
  setHandler(table.sdks, server, "tools/call", (request, extra) =>
    answers.call(request.params as CallParams, signalOf(extra), extra, server),
  );
  // The prompts and resources: on a low-level server only (an McpServer serves its own).
  if (table.catalog !== undefined)
    serveCatalog(table.catalog, table.sdks, server, options, subscriptions);
}

/** Checks the options once, then answers every list and call from the table. */
export function toolAnswers(
  table: ToolTable,
  options: ServeOptions,
): ToolAnswers {
  if (options === null || typeof options !== "object")
    throw new TypeError(
      "serveTools: options { client, handlers } are required",
    );
  const routes = dispatchTable(table, options);
  const names = table.tools.map((t) => t.name);
  return {
    tools: table.tools,
    has: (name) => routes.has(name),
    async call(params, signal, extra, server) {
      const { name } = params;
      const dispatch = routes.get(name);
      if (dispatch === undefined) {
        const message = unknownTool(name, names, table.renamed);
        if (Object.hasOwn(table.renamed, name)) return failure(message);
        throw new UnknownToolError(message);
      }
      // An input the MCP view hides is never sent, whatever the caller gave; its schema default
      // is filled in before the check, as the caller could not give it.
      const hidden =
        table.hidden && Object.hasOwn(table.hidden, name)
          ? table.hidden[name]!
          : [];
      const input = withoutHidden(params.arguments ?? {}, hidden) as {
        readonly [key: string]: unknown;
      };
      try {
        const problems = table.validate(
          name,
          hidden.length > 0 ? table.withDefaults(name, input) : input,
        );
        if (problems.length > 0)
          return failure(invalidArguments(name, problems));
        const value = await dispatch(
          table.withDefaults(name, input),
          signal ?? new AbortController().signal,
          extra,
          server,
        );
        const structured = table.structured.has(name);
        if (isToolResult(value))
          return richSuccess(name, value, structured, (v) =>
            table.validateOutput(name, v),
          );
        return structured
          ? structuredSuccess(name, value, table.validateOutput(name, value))
          : success(value);
      } catch (error) {
        return failure(errorText(error));
      }
    },
  };
}

/**
 * A server for the table alone, named after the spec unless `options` says otherwise, made with
 * the SDK line installed (v2 when both are).
 */
export function createToolServer(
  table: ToolTable,
  options: CreateServerOptions,
  subscriptions = true,
): LowLevelServer {
  const { Server } = preferredLine(table.sdks);
  const server = new Server(
    {
      name: options.name ?? table.server.name,
      version: options.version ?? table.server.version,
    },
    {
      // logging: a local handler's ctx.log sends at the level the client sets.
      capabilities: { tools: {}, logging: {} },
      ...(options.instructions === undefined
        ? {}
        : { instructions: options.instructions }),
    },
  );
  serveToolTable(table, server, options, subscriptions);
  return server;
}

/** Every tool's dispatch, resolved once so that a call costs one map lookup. */
function dispatchTable(
  table: ToolTable,
  options: ServeOptions,
): Map<string, Dispatch> {
  const { client } = options;
  const handlers = options.handlers ?? {};
  const local = new Set(table.local);
  // TypeScript already demands every handler; these checks are for JavaScript callers.
  const missing = table.local.filter(
    (name) =>
      !Object.hasOwn(handlers, name) || typeof handlers[name] !== "function",
  );
  if (missing.length > 0)
    throw new TypeError(
      `serveTools: no handler for the local tool${plural(missing)} ${missing.join(", ")}`,
    );
  const strays = Object.keys(handlers).filter((name) => !local.has(name));
  if (strays.length > 0)
    throw new TypeError(
      `serveTools: handlers given for ${strays.join(", ")}, which ${strays.length === 1 ? "is" : "are"} not a local tool`,
    );
  if (
    table.local.length < table.tools.length &&
    typeof client?.$call !== "function"
  ) {
    throw new TypeError(
      "serveTools: options.client must be the platform client (createClient or createClientFromEnv)",
    );
  }

  const routes = new Map<string, Dispatch>();
  for (const { name } of table.tools) {
    if (local.has(name)) {
      const handler = handlers[name] as unknown as (
        input: object,
        ctx: McpContext,
      ) => Promise<unknown>;
      routes.set(name, (input, signal, extra, server) =>
        handler(input, new McpContext(client, signal, server, extra)),
      );
    } else {
      routes.set(name, (input, signal) =>
        client.$call(name, input, { signal }),
      );
    }
  }
  return routes;
}

function plural(items: readonly unknown[]): string {
  return items.length === 1 ? "" : "s";
}
