import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1HttpClient } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpClient,
} from "@modelcontextprotocol/client";
import { afterEach } from "vitest";
import {
  createHttpHandler,
  type HttpHandler,
  type HttpHandlerOptions,
} from "../../../runtime/mcp/http.js";
import type { Sdks } from "../../../runtime/mcp/sdk.js";
import type { ToolTable } from "../../../runtime/mcp/table.js";
import { recorder, sdks, table, whoami } from "./serve-helpers.js";

// What the createHttpHandler tests share: the handler on a real node:http server on 127.0.0.1
// (closed after each test), and each SDK line's own Streamable HTTP client.

const servers: http.Server[] = [];
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise((resolve) => {
          s.closeAllConnections();
          s.close(resolve);
        }),
    ),
  );
});

export const platform = recorder(async (name, input) => ({
  answered: name,
  input,
}));
export const base = { client: platform, handlers: { whoami } };

export interface Served {
  readonly url: URL;
  readonly handler: HttpHandler;
  readonly server: http.Server;
}

/** The handler served on 127.0.0.1; `wrap` sees each request before the handler does. */
export async function serveHandler(
  options: Partial<HttpHandlerOptions> = {},
  t: ToolTable = table(),
  env: Record<string, string> = {},
  wrap: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => void = () => {},
): Promise<Served> {
  const handler = createHttpHandler(t, { ...base, ...options }, env);
  const server = http.createServer((req, res) => {
    wrap(req, res);
    void handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}/mcp`), handler, server };
}

export async function serve(
  options: Partial<HttpHandlerOptions> = {},
  t: ToolTable = table(),
  env: Record<string, string> = {},
): Promise<URL> {
  return (await serveHandler(options, t, env)).url;
}

export type Headers = Record<string, string>;

/** A connected client and its transport (whose sessionId session mode sets). */
export interface Connected {
  readonly client: V1Client;
  readonly transport: { sessionId?: string; terminateSession(): Promise<void> };
}

export const clientLines = [
  {
    name: "the 1.x client",
    async open(url: URL, headers: Headers = {}): Promise<Connected> {
      const client = new V1Client({ name: "test", version: "0.0.0" });
      const transport = new V1HttpClient(url, { requestInit: { headers } });
      await client.connect(transport);
      clients.push(client);
      return { client, transport };
    },
    async connect(url: URL, headers: Headers = {}) {
      return (await this.open(url, headers)).client;
    },
  },
  {
    name: "the 2.x client",
    async open(url: URL, headers: Headers = {}): Promise<Connected> {
      const client = new V2Client({ name: "test", version: "0.0.0" });
      const transport = new V2HttpClient(url, { requestInit: { headers } });
      await client.connect(transport);
      clients.push(client);
      return { client: client as unknown as V1Client, transport };
    },
    async connect(url: URL, headers: Headers = {}) {
      return (await this.open(url, headers)).client;
    },
  },
];

export const serverLines: { name: string; sdks: Sdks }[] = [
  { name: "a 2.x server", sdks: { v2: sdks.v2! } },
  { name: "a 1.x server", sdks: { v1: sdks.v1! } },
];

export function textOf(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]!.text;
}

/** A raw MCP request, as a browser page or a script would send it. */
export function post(
  url: URL,
  headers: Headers = {},
  message: object = { jsonrpc: "2.0", id: 1, method: "ping" },
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(message),
  });
}
