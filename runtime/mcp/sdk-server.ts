import type { LowLevelServer, Sdks } from "./sdk.js";

/*
 * Where the two SDK lines differ for a server already made: how a request handler is set (v1
 * by the request's schema, v2 by its method name) and where a handler finds its abort signal.
 */

export type ToolMethod = "tools/list" | "tools/call";

/** What a request handler receives: the request, and the SDK's context of it. */
export type RequestHandler = (
  request: { readonly params?: unknown },
  extra: unknown,
) => unknown;

/** The SDK line the server comes from: 2 when it is v2's Server, else 1. */
export function lineOf(sdks: Sdks, server: LowLevelServer): 1 | 2 {
  if (sdks.v2 !== undefined && server instanceof sdks.v2.Server) return 2;
  if (sdks.v1 !== undefined && server instanceof sdks.v1.Server) return 1;
  // Another copy of either package: v2's protocol wraps every handler it stores, v1's does not.
  return typeof (server as { _wrapHandler?: unknown })._wrapHandler ===
    "function"
    ? 2
    : 1;
}

/** Sets `method`'s handler the way the server's own SDK line expects. */
export function setHandler(
  sdks: Sdks,
  server: LowLevelServer,
  method: string,
  handler: RequestHandler,
): void {
  if (lineOf(sdks, server) === 2) {
    server.setRequestHandler(method, handler);
    return;
  }
  const schemas = sdks.v1?.schemas;
  if (schemas === undefined)
    throw new Error(
      "serveTools: this server comes from @modelcontextprotocol/sdk 1.x, which this package cannot import",
    );
  const schema = schemas[method];
  if (schema === undefined)
    throw new Error(
      `serveTools: no request schema for ${method} in @modelcontextprotocol/sdk 1.x`,
    );
  server.setRequestHandler(schema, handler);
}

/** The request's abort signal: v1 passes it as `extra.signal`, v2 as `ctx.mcpReq.signal`. */
export function signalOf(extra: unknown): AbortSignal | undefined {
  const e = extra as {
    signal?: AbortSignal;
    mcpReq?: { signal?: AbortSignal };
  } | null;
  return e?.signal ?? e?.mcpReq?.signal;
}
