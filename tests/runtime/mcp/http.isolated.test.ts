import { describe, expect, it } from "vitest";
import { createHttpHandler } from "../../../runtime/mcp/http.js";
import type { ToolTable } from "../../../runtime/mcp/table.js";
import {
  base,
  clientLines,
  post,
  serve,
  serverLines,
  textOf,
} from "./http-helpers.js";
import { table, tools } from "./serve-helpers.js";

// The exported Streamable HTTP handler on a real node:http server on 127.0.0.1, talked to by
// each SDK line's own Streamable HTTP client; served by each line's server and transport.

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
  it("answers GET and DELETE with 405 and Allow: POST, OPTIONS", async () => {
    const url = await serve();
    for (const method of ["GET", "DELETE"]) {
      const answer = await fetch(url, {
        method,
        headers: { accept: "text/event-stream" },
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });
});
