import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerMatches } from "./bearer.js";
import { corsHeaders, preflightHeaders } from "./cors.js";
import { answer, readBody, refuse, send, webRequest } from "./http-io.js";
import { readMessage } from "./jsonrpc.js";
import { normalizeOrigin, originAllowed } from "./origin.js";
import { preferredLine } from "./sdk.js";
import {
  createToolServer,
  toolAnswers,
  type CreateServerOptions,
} from "./serve.js";
import { SessionPool, type SessionLimits } from "./sessions.js";
import type { ToolTable } from "./table.js";

type Headers = Record<string, string>;

export interface HttpHandlerOptions extends CreateServerOptions {
  /**
   * Origins whose pages may call beside localhost's, each `scheme://host[:port]`; these alone get
   * CORS headers. A request without Origin (not from a browser) is always served.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * When set, every request must carry `Authorization: Bearer <token>` (401 otherwise). Unless
   * given, the value of tools.yaml's `targets.mcp.http_token_env` in `env`, when set and not empty.
   */
  readonly token?: string;
  /**
   * Session mode (true, or its bounds): each client's initialize opens a session with its own
   * server, answers and notifications are streamed over SSE and can be resumed (Last-Event-ID).
   * Stateless unless given: each POST answered alone, as JSON, but a tools/call over an SSE
   * stream that carries its progress and log notifications and ends with its result.
   */
  readonly sessions?: boolean | SessionLimits;
}

/** A handler for node:http's createServer (or anything passing it node's request and response). */
export interface HttpHandler {
  (request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Session mode: sends a notification to every open session. Stateless: there is no stream to send it on. */
  notify(method: string, params?: object): Promise<void>;
  /** Ends every open session (session mode). */
  close(): void;
  /** How many sessions are open (0 when stateless). */
  readonly sessions: number;
}

const STATELESS_METHODS = "POST, OPTIONS";
const SESSION_METHODS = "POST, GET, DELETE, OPTIONS";

/**
 * The tools over MCP's Streamable HTTP transport. Stateless by default: each POST gets a fresh
 * server and transport, answered as JSON, but a tools/call as an SSE stream when the client
 * accepts one (answerAs); GET and DELETE are refused with 405. With `sessions`,
 * one server and transport per session (see sessions.ts). Either way the Origin header and the
 * bearer token are checked before anything else is read, and a CORS preflight of a listed origin
 * is answered.
 */
export function createHttpHandler(
  table: ToolTable,
  options: HttpHandlerOptions,
  env: Readonly<Record<string, string | undefined>> = {},
): HttpHandler {
  // Wrong options fail here, once, rather than on every request.
  toolAnswers(table, options);
  const allowed = allowedOrigins(options.allowedOrigins ?? []);
  const token = options.token ?? envToken(table, env);
  if (token !== undefined && (typeof token !== "string" || token === ""))
    throw new TypeError("createHttpHandler: token must be a non-empty string");
  const line = preferredLine(table.sdks);
  const pool =
    options.sessions === undefined || options.sessions === false
      ? undefined
      : new SessionPool(
          line,
          () => createToolServer(table, options),
          options.sessions === true ? {} : options.sessions,
        );
  const methods = pool === undefined ? STATELESS_METHODS : SESSION_METHODS;

  const stateless = async (
    request: IncomingMessage,
    response: ServerResponse,
    cors: Headers,
  ) => {
    if (request.method !== "POST")
      return refuse(
        response,
        405,
        "Method not allowed: this server is stateless; POST each JSON-RPC message",
        { ...cors, allow: methods },
      );
    const body = await readBody(request);
    if (body === undefined)
      return refuse(response, 413, "Payload too large", cors);
    // One message a POST, read as stdio reads a line, before the SDK sees it (jsonrpc.ts).
    const read = readMessage(body.toString("utf8"));
    if (read.refusal !== undefined)
      return answer(response, 400, read.refusal, cors);
    // Stateless: no stream outlives the POST, so no resource can be subscribed to.
    const server = createToolServer(table, options, false);
    const { sse, accept } = answerAs(
      read.message.method,
      request.headers.accept,
    );
    const transport = new line.HttpTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !sse,
    });
    await server.connect(transport);
    response.once("close", () => {
      void transport.close();
      void server.close();
    });
    await send(
      response,
      await transport.handleRequest(webRequest(request, body, accept)),
      cors,
    );
  };

  const handler = async (
    request: IncomingMessage,
    response: ServerResponse,
  ) => {
    let cors: Headers = {};
    try {
      const origin = request.headers.origin;
      if (!originAllowed(origin, allowed))
        return refuse(response, 403, "Forbidden: this origin may not call");
      cors = corsHeaders(origin, allowed);
      // A preflight never carries the token: it is answered before the token is asked.
      if (request.method === "OPTIONS")
        return preflight(response, origin, allowed, methods);
      if (
        token !== undefined &&
        !bearerMatches(request.headers.authorization, token)
      )
        return refuse(response, 401, "Unauthorized: a bearer token is needed", {
          ...cors,
          "www-authenticate": "Bearer",
        });
      if (pool === undefined) return await stateless(request, response, cors);
      return await sessionRequest(pool, request, response, cors);
    } catch {
      // A fault of the server's own: say so without details, which are not the caller's business.
      if (!response.headersSent)
        refuse(response, 500, "Internal error", cors, -32603);
      else response.destroy();
    }
  };
  return Object.defineProperties(handler, {
    notify: {
      value: async (method: string, params?: object) =>
        pool?.notify(method, params),
    },
    close: { value: () => pool?.closeAll() },
    sessions: { get: () => pool?.size ?? 0 },
  }) as HttpHandler;
}

/**
 * A request in session mode: an initialize POST without `Mcp-Session-Id` opens a session; any
 * other request names its session (404 when it is unknown or ended, as MCP asks, so that the
 * client starts a new one). POST bodies are read as in stateless mode before the SDK sees them.
 */
async function sessionRequest(
  pool: SessionPool,
  request: IncomingMessage,
  response: ServerResponse,
  cors: Headers,
): Promise<void> {
  let body: Buffer | undefined;
  let initialize = false;
  if (request.method === "POST") {
    body = await readBody(request);
    if (body === undefined)
      return refuse(response, 413, "Payload too large", cors);
    const read = readMessage(body.toString("utf8"));
    if (read.refusal !== undefined)
      return answer(response, 400, read.refusal, cors);
    initialize = read.message.method === "initialize";
  } else if (request.method !== "GET" && request.method !== "DELETE")
    return refuse(response, 405, "Method not allowed", {
      ...cors,
      allow: SESSION_METHODS,
    });
  const id = request.headers["mcp-session-id"];
  const session =
    typeof id === "string"
      ? pool.get(id)
      : initialize
        ? await pool.create()
        : undefined;
  if (session === undefined)
    return typeof id === "string"
      ? refuse(response, 404, "Session not found", cors, -32001)
      : refuse(
          response,
          400,
          "Bad Request: no Mcp-Session-Id: open a session with initialize first",
          cors,
        );
  pool.begin(session);
  response.once("close", () => pool.end(session));
  await send(
    response,
    await session.transport.handleRequest(webRequest(request, body)),
    cors,
  );
}

/** The Accept the SDK's transport asks of a POST it answers as JSON. */
const BOTH = "application/json, text/event-stream";

/**
 * How a stateless POST is answered: a tools/call whose client accepts SSE as an SSE stream
 * carrying the call's progress and log notifications, then its result, closed with it (so
 * nothing outlives the POST); anything else as one JSON answer. A client that accepts JSON
 * alone is answered JSON too (its notifications dropped), as the Python SDK does: the SDK's
 * transport is given the Accept it asks for. Any other Accept is left for the SDK to refuse (406).
 */
function answerAs(
  method: unknown,
  accept: string | undefined,
): { readonly sse: boolean; readonly accept?: string } {
  const types = (accept ?? "")
    .split(",")
    .map((t) => t.split(";")[0]!.trim().toLowerCase());
  if (!types.includes("application/json")) return { sse: false };
  if (!types.includes("text/event-stream")) return { sse: false, accept: BOTH };
  return { sse: method === "tools/call" };
}

/**
 * A CORS preflight: a listed origin is told what it may send (204); one that is not listed (a
 * localhost page) gets no CORS headers, so its browser does not send; a request without Origin
 * (not a browser) is told the methods.
 */
function preflight(
  response: ServerResponse,
  origin: string | undefined,
  allowed: ReadonlySet<string>,
  methods: string,
): void {
  if (origin !== undefined && !allowed.has(origin))
    return refuse(
      response,
      403,
      "Forbidden: CORS is only for the origins given with --allow-origin",
      corsHeaders(origin, allowed),
    );
  response.writeHead(
    204,
    origin === undefined ? { allow: methods } : preflightHeaders(origin),
  );
  response.end();
}

/** The token of the spec's `http_token_env`, when the environment sets it. */
function envToken(
  table: ToolTable,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const name = table.server.httpTokenEnv;
  const value = name === null ? undefined : env[name];
  return value === undefined || value === "" ? undefined : value;
}

/** The allowed origins in the form browsers send, or a TypeError naming the first that is not one. */
function allowedOrigins(origins: readonly string[]): ReadonlySet<string> {
  return new Set(
    origins.map((text) => {
      const origin = normalizeOrigin(text);
      if (origin === undefined)
        throw new TypeError(
          `createHttpHandler: allowed origin ${JSON.stringify(text)} is not an origin (scheme://host[:port])`,
        );
      return origin;
    }),
  );
}
