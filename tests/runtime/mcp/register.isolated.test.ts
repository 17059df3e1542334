import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as V1Memory } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as V1McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server as V1Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  Client as V2Client,
  InMemoryTransport as V2Memory,
} from "@modelcontextprotocol/client";
import {
  McpServer as V2McpServer,
  Server as V2Server,
} from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { serveToolTable } from "../../../runtime/mcp/serve.js";
import { recorder, table, tools, whoami } from "./serve-helpers.js";

// serveTools on each SDK line's servers, each talked to by its own line's real client: the
// low-level Server, and the McpServer beside the user's own tool and resource, whichever is
// registered first.

interface Conversation {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: {
    name: string;
    arguments?: Record<string, unknown>;
  }): Promise<unknown>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  close(): Promise<void>;
}

interface Line {
  readonly name: string;
  /** A new McpServer of the line, and a function registering the user's tool and resource on it. */
  mcpServer(): { server: object; registerOwn(): void };
  lowLevelServer(): object;
  connect(server: object): Promise<Conversation>;
}

const USER_TOOL = "shout";
const USER_RESOURCE = "memo://today";

const shout = async ({ text }: { text: string }) => ({
  content: [{ type: "text" as const, text: text.toUpperCase() }],
});
const memo = async (uri: URL) => ({
  contents: [{ uri: uri.href, text: "a memo" }],
});

const lines: Line[] = [
  {
    name: "@modelcontextprotocol/sdk 1.x",
    mcpServer() {
      const server = new V1McpServer({ name: "user", version: "1.0.0" });
      return {
        server,
        registerOwn() {
          server.registerTool(
            USER_TOOL,
            { description: "Shout.", inputSchema: { text: z.string() } },
            shout,
          );
          server.registerResource("memo", USER_RESOURCE, {}, memo);
        },
      };
    },
    lowLevelServer: () => new V1Server({ name: "user", version: "1.0.0" }),
    async connect(server) {
      const [clientSide, serverSide] = V1Memory.createLinkedPair();
      await (server as V1Server).connect(serverSide);
      const client = new V1Client({ name: "test", version: "0.0.0" });
      await client.connect(clientSide);
      return client as unknown as Conversation;
    },
  },
  {
    name: "@modelcontextprotocol/server 2.x",
    mcpServer() {
      const server = new V2McpServer({ name: "user", version: "1.0.0" });
      return {
        server,
        registerOwn() {
          server.registerTool(
            USER_TOOL,
            {
              description: "Shout.",
              inputSchema: z.object({ text: z.string() }),
            },
            shout,
          );
          server.registerResource("memo", USER_RESOURCE, {}, memo);
        },
      };
    },
    lowLevelServer: () => new V2Server({ name: "user", version: "1.0.0" }),
    async connect(server) {
      const [clientSide, serverSide] = V2Memory.createLinkedPair();
      await (server as V2Server).connect(serverSide);
      const client = new V2Client({ name: "test", version: "0.0.0" });
      await client.connect(clientSide);
      return client as unknown as Conversation;
    },
  },
];

const open: Conversation[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

const platform = recorder(async (name, input) => ({ saved: name, input }));
const options = { client: platform, handlers: { whoami } };
const tableNames = tools.map((t) => t.name);

function textOf(result: unknown): string {
  const { content } = result as { content: { type: string; text: string }[] };
  expect(content.map((c) => c.type)).toEqual(["text"]);
  return content[0]!.text;
}

describe.each(lines)("serveTools on $name", (line) => {
  it("serves a low-level Server with the line's own client", async () => {
    const server = line.lowLevelServer();
    serveToolTable(table(), server as never, options);
    const client = await line.connect(server);
    open.push(client);
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(tableNames);
    expect(
      textOf(await client.callTool({ name: "whoami", arguments: {} })),
    ).toBe("an agent");
  });

  for (const order of ["the user's first", "the generated first"] as const) {
    it(`serves an McpServer beside the user's tool and resource, ${order}`, async () => {
      const { server, registerOwn } = line.mcpServer();
      if (order === "the user's first") registerOwn();
      serveToolTable(table(), server as never, options);
      if (order === "the generated first") registerOwn();
      const client = await line.connect(server);
      open.push(client);

      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual([
        ...tableNames,
        USER_TOOL,
      ]);
      // One tool of each: the table's (through the platform client), the user's own.
      const before = platform.calls.length;
      const saved = await client.callTool({
        name: "save",
        arguments: { content: "x" },
      });
      expect(JSON.parse(textOf(saved))).toEqual({
        saved: "save",
        input: { content: "x", scope: "LOCAL" },
      });
      expect(platform.calls.length).toBe(before + 1);
      expect(
        textOf(
          await client.callTool({
            name: USER_TOOL,
            arguments: { text: "hey" },
          }),
        ),
      ).toBe("HEY");
      const resources = await client.listResources();
      expect(resources.resources.map((r) => r.uri)).toEqual([USER_RESOURCE]);
      // A name neither serves is -32602 on both lines (1.x's McpServer would answer isError);
      // a former name of a generated tool is an isError result that names the new one.
      await expect(
        client.callTool({ name: "fly", arguments: {} }),
      ).rejects.toMatchObject({ code: -32602 });
      const renamed = await client.callTool({
        name: "remember",
        arguments: {},
      });
      expect((renamed as { isError?: boolean }).isError).toBe(true);
      expect(textOf(renamed)).toBe(
        'Unknown tool "remember": it was renamed to "save".',
      );
    });
  }

  it("refuses a user's tool that has a generated tool's name, in either order", async () => {
    const first = line.mcpServer();
    (first.server as V1McpServer).registerTool(
      "save",
      { description: "Mine." },
      async () => ({ content: [] }),
    );
    expect(() =>
      serveToolTable(table(), first.server as never, options),
    ).toThrow(
      "serveTools: the McpServer registers save, which the generated tools already name: each tool needs its own name",
    );

    const later = line.mcpServer();
    serveToolTable(table(), later.server as never, options);
    (later.server as V1McpServer).registerTool(
      "whoami",
      { description: "Mine." },
      async () => ({ content: [] }),
    );
    const client = await line.connect(later.server);
    open.push(client);
    await expect(client.listTools()).rejects.toThrow(
      "the McpServer registers whoami, which the generated tools already name",
    );
  });

  it("refuses to serve twice on one McpServer", () => {
    const { server } = line.mcpServer();
    serveToolTable(table(), server as never, options);
    expect(() => serveToolTable(table(), server as never, options)).toThrow(
      "serveTools: this McpServer already serves the tools (serveTools called twice)",
    );
  });
});
