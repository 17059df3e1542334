import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1HttpClient } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpClient,
} from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import {
  createHttpHandler,
  type HttpHandlerOptions,
} from "../../../runtime/mcp/http.js";
import type { Sdks } from "../../../runtime/mcp/sdk.js";
import type { ToolTable } from "../../../runtime/mcp/table.js";
import { recorder, sdks, table, tools, whoami } from "./serve-helpers.js";

// The exported Streamable HTTP handler on a real node:http server on 127.0.0.1, talked to by
// each SDK line's own Streamable HTTP client; served by each line's server and transport.

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

const platform = recorder(async (name, input) => ({ answered: name, input }));
const base = { client: platform, handlers: { whoami } };

async function serve(
  options: Partial<HttpHandlerOptions> = {},
  t: ToolTable = table(),
  env: Record<string, string> = {},
): Promise<URL> {
  const handler = createHttpHandler(t, { ...base, ...options }, env);
  const server = http.createServer((req, res) => void handler(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return new URL(`http://127.0.0.1:${port}/mcp`);
}

type Headers = Record<string, string>;

const clientLines = [
  {
    name: "the 1.x client",
    async connect(url: URL, headers: Headers = {}) {
      const client = new V1Client({ name: "test", version: "0.0.0" });
      await client.connect(new V1HttpClient(url, { requestInit: { headers } }));
      clients.push(client);
      return client;
    },
  },
  {
    name: "the 2.x client",
    async connect(url: URL, headers: Headers = {}) {
      const client = new V2Client({ name: "test", version: "0.0.0" });
      await client.connect(new V2HttpClient(url, { requestInit: { headers } }));
      clients.push(client);
      return client as unknown as V1Client;
    },
  },
];

const serverLines: { name: string; sdks: Sdks }[] = [
  { name: "a 2.x server", sdks: { v2: sdks.v2! } },
  { name: "a 1.x server", sdks: { v1: sdks.v1! } },
];

function textOf(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]!.text;
}

/** A raw MCP request, as a browser page or a script would send it. */
function post(url: URL, headers: Headers = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
}

describe.each(serverLines)("createHttpHandler with $name", (line) => {
  it.each(clientLines)(
    "lists and calls the tools for $name, statelessly",
    async (clientLine) => {
      const url = await serve({}, { ...table(), sdks: line.sdks });
      const client = await clientLine.connect(url);
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
      const saved = await client.callTool({
        name: "save",
        arguments: { content: "over http" },
      });
      expect(JSON.parse(textOf(saved))).toEqual({
        answered: "save",
        input: { content: "over http", scope: "LOCAL" },
      });
      expect(
        textOf(await client.callTool({ name: "whoami", arguments: {} })),
      ).toBe("an agent");
    },
  );
});

describe("createHttpHandler's Origin check (DNS rebinding)", () => {
  it("serves requests without Origin and from localhost origins, on any port", async () => {
    const url = await serve();
    for (const origin of [
      undefined,
      "http://localhost:5173",
      "https://localhost",
      "http://127.0.0.1:8080",
      "http://[::1]:3000",
    ]) {
      const answer = await post(url, origin === undefined ? {} : { origin });
      expect(answer.status, origin).toBe(200);
    }
  });

  it("refuses other origins with 403, and serves the ones allowed", async () => {
    const url = await serve({ allowedOrigins: ["https://app.example.com"] });
    for (const origin of [
      "https://evil.example",
      "http://app.example.com",
      "https://app.example.com:8443",
      "null",
    ]) {
      const answer = await post(url, { origin });
      expect(answer.status, origin).toBe(403);
      expect(await answer.json()).toEqual({
        jsonrpc: "2.0",
        error: { code: -32000, message: "Forbidden: this origin may not call" },
        id: null,
      });
    }
    expect(
      (await post(url, { origin: "https://app.example.com" })).status,
    ).toBe(200);
  });

  it("refuses an allowed origin that is not one, when the handler is made", () => {
    expect(() =>
      createHttpHandler(table(), {
        ...base,
        allowedOrigins: ["https://app.example.com/path"],
      }),
    ).toThrow(
      'createHttpHandler: allowed origin "https://app.example.com/path" is not an origin (scheme://host[:port])',
    );
  });
});

describe("createHttpHandler's bearer token", () => {
  const token = "s3cret-token";

  it("answers 401 without the token or with another, and serves with it", async () => {
    const url = await serve({ token });
    for (const authorization of [
      undefined,
      "Bearer wrong",
      `Basic ${token}`,
      `Bearer ${token}x`,
    ]) {
      const answer = await post(
        url,
        authorization === undefined ? {} : { authorization },
      );
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers.get("www-authenticate")).toBe("Bearer");
      expect(JSON.stringify(await answer.json())).not.toContain(token);
    }
    const client = await clientLines[1]!.connect(url, {
      authorization: `Bearer ${token}`,
    });
    expect((await client.listTools()).tools).toHaveLength(tools.length);
  });

  it("reads the token from the spec's http_token_env unless given", async () => {
    const withEnv: ToolTable = {
      ...table(),
      server: { ...table().server, httpTokenEnv: "TEST_MCP_TOKEN" },
    };
    const url = await serve({}, withEnv, { TEST_MCP_TOKEN: token });
    expect((await post(url)).status).toBe(401);
    expect((await post(url, { authorization: `Bearer ${token}` })).status).toBe(
      200,
    );
    // Set but empty: no token is asked.
    const open = await serve({}, withEnv, { TEST_MCP_TOKEN: "" });
    expect((await post(open)).status).toBe(200);
  });
});

describe("createHttpHandler refuses what a stateless server cannot do", () => {
  it("answers GET and DELETE with 405 and Allow: POST", async () => {
    const url = await serve();
    for (const method of ["GET", "DELETE"]) {
      const answer = await fetch(url, {
        method,
        headers: { accept: "text/event-stream" },
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
    }
  });
});
