import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { describe, expect, it } from "vitest";
import type { PlatformCaller } from "../../../runtime/shared/handler.js";
import { serveToolTable } from "../../../runtime/mcp/serve.js";
import type { ToolTable } from "../../../runtime/mcp/table.js";
import { connect, recorder, table, whoami } from "./serve-helpers.js";

describe("serveToolTable refuses what would silently go wrong", () => {
  const options = { client: recorder(async () => null), handlers: { whoami } };

  it("refuses to serve twice on one server, which would replace the first handlers", () => {
    const server = new Server({ name: "s", version: "1" });
    serveToolTable(table(), server, options);
    expect(() => serveToolTable(table(), server, options)).toThrow(
      "serveTools: this server already answers tools/list (serveTools called twice, or tools registered another way)",
    );
  });

  it("refuses a server whose tools another part already serves", () => {
    const mcp = new McpServer({ name: "s", version: "1" });
    mcp.registerTool("other", { description: "Another tool." }, async () => ({
      content: [],
    }));
    expect(() => serveToolTable(table(), mcp.server, options)).toThrow(
      "this server already answers tools/list",
    );
  });

  it("refuses a server already connected", async () => {
    const server = new Server({ name: "s", version: "1" });
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    expect(() => serveToolTable(table(), server, options)).toThrow(
      "serveTools: serve the tools before connecting the server to a transport",
    );
    await server.close();
  });

  it("refuses a missing handler and a handler for a tool that is not local (JavaScript callers)", () => {
    expect(() =>
      serveToolTable(table(), new Server({ name: "s", version: "1" }), {
        client: options.client,
      }),
    ).toThrow(
      new TypeError("serveTools: no handler for the local tool whoami"),
    );
    expect(() =>
      serveToolTable(table(), new Server({ name: "s", version: "1" }), {
        client: options.client,
        handlers: { whoami, save: whoami },
      }),
    ).toThrow(
      new TypeError(
        "serveTools: handlers given for save, which is not a local tool",
      ),
    );
  });

  it("refuses missing options with a TypeError that says what is needed", () => {
    const serve = serveToolTable as (
      table: ToolTable,
      server: Server,
      options?: unknown,
    ) => void;
    expect(() =>
      serve(table(), new Server({ name: "s", version: "1" })),
    ).toThrow(
      new TypeError("serveTools: options { client, handlers } are required"),
    );
  });

  it("refuses a client without $call when there are HTTP tools", () => {
    expect(() =>
      serveToolTable(table(), new Server({ name: "s", version: "1" }), {
        client: {} as PlatformCaller,
        handlers: { whoami },
      }),
    ).toThrow(
      "serveTools: options.client must be the platform client (createClient or createClientFromEnv)",
    );
  });

  it("leaves a refused server untouched", async () => {
    const server = new Server({ name: "s", version: "1" });
    expect(() =>
      serveToolTable(table(), server, { client: options.client }),
    ).toThrow(TypeError);
    serveToolTable(table(), server, options);
    const client = await connect(server);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      "save",
      "whoami",
    ]);
  });
});
