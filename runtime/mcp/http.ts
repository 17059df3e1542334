import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerMatches } from "./bearer.js";
import { readMessage, type JsonRpcRefusal } from "./jsonrpc.js";
import { normalizeOrigin, originAllowed } from "./origin.js";
import { preferredLine } from "./sdk.js";
import {
  createToolServer,
  toolAnswers,
  type CreateServerOptions,
} from "./serve.js";
import type { ToolTable } from "./table.js";

/** The largest request body served: a tool call's arguments, not a file upload. */
const BODY_LIMIT = 4 * 1024 * 1024;

export interface HttpHandlerOptions extends CreateServerOptions {
  /**
   * Origins whose pages may call beside localhost's, each `scheme://host[:port]`. A request
   * without Origin (not from a browser) is always served.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * When set, every request must carry `Authorization: Bearer <token>` (401 otherwise). Unless
   * given, the value of tools.yaml's `targets.mcp.http_token_env` in `env`, when set and not empty.
   */
  readonly token?: string;
}

/** A handler for node:http's createServer (or anything passing it node's request and response). */
export type HttpHandler = (
  request: IncomingMessage,
  response: ServerResponse,
) => Promise<void>;

/**
 * The tools over MCP's Streamable HTTP transport, statelessly: each POST gets a fresh server and
 * transport, answered as JSON; GET and DELETE (streams and sessions) are refused with 405. The
 * Origin header and the bearer token are checked before anything else is read.
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
  const { HttpTransport } = preferredLine(table.sdks);

  return async (request, response) => {
    try {
      const origin = request.headers.origin;
      if (!originAllowed(origin, allowed))
        return refuse(response, 403, "Forbidden: this origin may not call");
      if (
        token !== undefined &&
        !bearerMatches(request.headers.authorization, token)
      )
        return refuse(response, 401, "Unauthorized: a bearer token is needed", {
          "www-authenticate": "Bearer",
        });
      if (request.method !== "POST")
        return refuse(
          response,
          405,
          "Method not allowed: this server is stateless; POST each JSON-RPC message",
          { allow: "POST" },
        );
      const body = await readBody(request);
      if (body === undefined) return refuse(response, 413, "Payload too large");
      // One message a POST, read as stdio reads a line, before the SDK sees it (jsonrpc.ts).
      const read = readMessage(body.toString("utf8"));
      if (read.refusal !== undefined)
        return answer(response, 400, read.refusal);
      // Stateless: no stream outlives the POST, so no resource can be subscribed to.
      const server = createToolServer(table, options, false);
      const transport = new HttpTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      response.once("close", () => {
        void transport.close();
        void server.close();
      });
      await send(
        response,
        await transport.handleRequest(webRequest(request, body)),
      );
    } catch {
      // A fault of the server's own: say so without details, which are not the caller's business.
      if (!response.headersSent)
        refuse(response, 500, "Internal error", {}, -32603);
      else response.destroy();
    }
  };
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

/** A JSON-RPC error answer with no id: the request was not read. */
function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
): void {
  answer(
    response,
    status,
    { jsonrpc: "2.0", id: null, error: { code, message } },
    headers,
  );
}

function answer(
  response: ServerResponse,
  status: number,
  refusal: JsonRpcRefusal,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(refusal);
  response.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}

/** The request's body, or undefined when it is longer than BODY_LIMIT. */
async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > BODY_LIMIT) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** node's request as the web-standard Request the SDK's transport reads. */
function webRequest(request: IncomingMessage, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      headers.append(name, v);
  }
  return new Request(new URL(request.url ?? "/", "http://localhost"), {
    method: request.method,
    headers,
    body: new Uint8Array(body),
  });
}

async function send(response: ServerResponse, answer: Response): Promise<void> {
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body !== null)
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>)
      response.write(chunk);
  response.end();
}
