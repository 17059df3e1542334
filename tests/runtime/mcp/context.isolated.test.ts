import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as V1McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { McpServer as V2McpServer } from "@modelcontextprotocol/server";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  type ClientCapabilities,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import type {
  ElicitSchema,
  HandlerContext,
  LogLevel,
} from "../../../runtime/shared/handler.js";
import { LOG_LEVELS } from "../../../runtime/shared/context.js";
import {
  createToolServer,
  serveToolTable,
} from "../../../runtime/mcp/serve.js";
import type { LowLevelServer } from "../../../runtime/mcp/sdk.js";
import { recorder, sdks, table, text } from "./serve-helpers.js";

// The handler's context under MCP, over the real SDK client and server of each line, in memory:
// progress for a call that carries a token, log messages at the level the client set,
// elicitation and sampling answered by the client's own handlers, and the error when the client
// did not declare the capability.

type Act = (ctx: HandlerContext) => Promise<unknown>;
let act: Act = async () => "nothing";
const handlers = {
  whoami: (_input: object, ctx: HandlerContext) => act(ctx),
};

/**
 * A server of each line serving the table: v2's made by createToolServer, v1's a server of the
 * user's own, and the McpServer of each, on which the tools are registered beside the user's.
 */
const servers: Record<string, () => LowLevelServer> = {
  "2.x": () =>
    createToolServer(table(), { client: recorder(async () => null), handlers }),
  "1.x": () => {
    const server = new sdks.v1!.Server(
      { name: "own", version: "1" },
      { capabilities: { tools: {}, logging: {} } },
    );
    serveToolTable(table(), server, {
      client: recorder(async () => null),
      handlers,
    });
    return server;
  },
  ...Object.fromEntries(
    [
      ["McpServer 1.x", V1McpServer],
      ["McpServer 2.x", V2McpServer],
    ].map(([line, McpServer]) => [
      line as string,
      () => {
        const mcp = new (McpServer as typeof V1McpServer)(
          { name: "own", version: "1" },
          { capabilities: { logging: {} } },
        );
        serveToolTable(table(), mcp as never, {
          client: recorder(async () => null),
          handlers,
        });
        return mcp.server as unknown as LowLevelServer;
      },
    ]),
  ),
};

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  act = async () => "nothing";
});

/** A 1.x client declaring `capabilities`, and every message the server sent it. */
async function connect(
  server: LowLevelServer,
  capabilities: ClientCapabilities = {},
): Promise<{ client: Client; received: { method?: string }[] }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "0" }, { capabilities });
  client.onerror = () => {};
  await client.connect(clientSide);
  const received: { method?: string }[] = [];
  const deliver = clientSide.onmessage!;
  clientSide.onmessage = (message, extra) => {
    received.push(message as { method?: string });
    deliver(message, extra);
  };
  open.push(client);
  return { client, received };
}

const call = (client: Client, options?: object) =>
  client.callTool({ name: "whoami", arguments: {} }, undefined, options);

describe.each(Object.keys(servers))("a handler's context on SDK %s", (line) => {
  const server = servers[line]!;

  it("sends progress to a call that asked for it, growing and rate-limited, the first and last always", async () => {
    act = async (ctx) => {
      for (let done = 1; done <= 50; done++)
        await ctx.progress(done, 50, `step ${done}`);
      await ctx.progress(50, 50, "again");
      return "done";
    };
    const { client } = await connect(server());
    const seen: { progress: number; total?: number; message?: string }[] = [];
    expect(
      text(await call(client, { onprogress: (p: never) => seen.push(p) })),
    ).toBe("done");
    expect(seen[0]).toEqual({ progress: 1, total: 50, message: "step 1" });
    expect(seen.at(-1)).toEqual({
      progress: 50,
      total: 50,
      message: "step 50",
    });
    // 50 calls in a loop fall well within one interval of 100 ms: only the first and last pass.
    expect(seen.length).toBeLessThan(50);
    const values = seen.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
  });

  it("sends a step held within the interval before the last one, and drops one replaced", async () => {
    // Three steps at once: the middle one waits, and the last (done reaches total) sends it first.
    act = async (ctx) => {
      await ctx.progress(0, 100, "start");
      await ctx.progress(20, 100, "replaced");
      await ctx.progress(50, 100, "half");
      await ctx.progress(100, 100, "done");
      // The client handles a notification a tick after it reads it: let it, before the result.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return "done";
    };
    const { client } = await connect(server());
    const seen: { progress: number; message?: string }[] = [];
    expect(
      text(await call(client, { onprogress: (p: never) => seen.push(p) })),
    ).toBe("done");
    expect(seen.map((p) => [p.progress, p.message])).toEqual([
      [0, "start"],
      [50, "half"],
      [100, "done"],
    ]);
  });

  it("sends a held step before a last one that comes after the interval", async () => {
    // The scenario of the conformance suite: 0, 50 and 100 of 100 about 50 ms apart. 50 waits
    // within the interval; 100 comes after it has ended (150 ms here, to be sure) and sends 50
    // first.
    act = async (ctx) => {
      await ctx.progress(0, 100, "start");
      await ctx.progress(50, 100, "half");
      await new Promise((resolve) => setTimeout(resolve, 150));
      await ctx.progress(100, 100, "done");
      await new Promise((resolve) => setTimeout(resolve, 50));
      return "done";
    };
    const { client } = await connect(server());
    const seen: { progress: number; message?: string }[] = [];
    expect(
      text(await call(client, { onprogress: (p: never) => seen.push(p) })),
    ).toBe("done");
    expect(seen.map((p) => [p.progress, p.message])).toEqual([
      [0, "start"],
      [50, "half"],
      [100, "done"],
    ]);
  });

  it("sends no progress to a call that carried no token", async () => {
    act = async (ctx) => {
      await ctx.progress(1, 2);
      await ctx.progress(2, 2);
      return "done";
    };
    const { client, received } = await connect(server());
    expect(text(await call(client))).toBe("done");
    expect(
      received.filter((m) => m.method === "notifications/progress"),
    ).toEqual([]);
  });

  it("refuses progress that is not a number", async () => {
    act = (ctx) => ctx.progress(Number.NaN);
    const { client } = await connect(server());
    const result = await call(client);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      "progress: done and total must be finite numbers",
    );
  });

  it("logs every level until the client sets one, then that level and above", async () => {
    act = async (ctx) => {
      for (const level of LOG_LEVELS) await ctx.log(level, { at: level });
      return "logged";
    };
    const { client } = await connect(server());
    const logged: { level: LogLevel; data: unknown }[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logged.push(n.params as { level: LogLevel; data: unknown });
    });
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await call(client);
    expect(logged.map((l) => l.level)).toEqual(LOG_LEVELS);
    expect(logged[0]!.data).toEqual({ at: "debug" });
    logged.length = 0;
    await client.setLoggingLevel("warning");
    await call(client);
    expect(logged.map((l) => l.level)).toEqual(
      LOG_LEVELS.slice(LOG_LEVELS.indexOf("warning")),
    );
  });

  it("refuses a level MCP does not have", async () => {
    act = (ctx) => ctx.log("verbose" as LogLevel, "x");
    const { client } = await connect(server());
    expect(text(await call(client))).toBe(
      `log: the level must be one of ${LOG_LEVELS.join(", ")}, not "verbose"`,
    );
  });

  it("asks the user through the client's elicitation handler", async () => {
    const schema = {
      type: "object",
      properties: { name: { type: "string", title: "Name" } },
      required: ["name"],
    } as const;
    act = (ctx) => ctx.elicit("Who are you?", schema);
    const { client } = await connect(server(), { elicitation: {} });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return { action: "accept", content: { name: "Ada" } };
    });
    expect(JSON.parse(text(await call(client)))).toEqual({
      action: "accept",
      content: { name: "Ada" },
    });
    expect(asked).toEqual([
      { mode: "form", message: "Who are you?", requestedSchema: schema },
    ]);
  });

  it("asks with every kind of choice MCP 2025-11-25 defines, typed as ElicitSchema", async () => {
    // Typed: the repository's type-check fails when ElicitSchema refuses one of these forms.
    const schema: ElicitSchema = {
      type: "object",
      properties: {
        plain: { type: "string", enum: ["a", "b"] },
        titled: {
          type: "string",
          oneOf: [
            { const: "a", title: "Option A" },
            { const: "b", title: "Option B" },
          ],
        },
        legacy: { type: "string", enum: ["a", "b"], enumNames: ["A", "B"] },
        several: {
          type: "array",
          items: { type: "string", enum: ["a", "b"] },
          default: ["a"],
        },
        severalTitled: {
          type: "array",
          items: {
            anyOf: [
              { const: "a", title: "Option A" },
              { const: "b", title: "Option B" },
            ],
          },
        },
      },
    };
    act = (ctx) => ctx.elicit("Choose", schema);
    const { client } = await connect(server(), { elicitation: {} });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return { action: "accept", content: { plain: "a", several: ["b"] } };
    });
    expect(JSON.parse(text(await call(client)))).toEqual({
      action: "accept",
      content: { plain: "a", several: ["b"] },
    });
    expect(asked).toEqual([
      { mode: "form", message: "Choose", requestedSchema: schema },
    ]);
  });

  it("asks the client's model through its sampling handler", async () => {
    const request = {
      messages: [
        { role: "user", content: { type: "text", text: "Say hi" } },
      ] as const,
      maxTokens: 20,
    };
    act = (ctx) => ctx.sample(request);
    const { client } = await connect(server(), { sampling: {} });
    const asked: unknown[] = [];
    client.setRequestHandler(CreateMessageRequestSchema, (r) => {
      asked.push(r.params);
      return {
        role: "assistant",
        content: { type: "text", text: "hi" },
        model: "test-model",
      };
    });
    expect(JSON.parse(text(await call(client)))).toEqual({
      role: "assistant",
      content: { type: "text", text: "hi" },
      model: "test-model",
    });
    expect(asked).toEqual([request]);
  });

  it("says so when the client did not declare elicitation or sampling", async () => {
    const { client } = await connect(server());
    act = (ctx) => ctx.elicit("Sure?", { type: "object", properties: {} });
    const elicited = await call(client);
    expect(elicited.isError).toBe(true);
    expect(text(elicited)).toBe(
      "elicit: the client did not declare the elicitation capability, so this server cannot ask the user",
    );
    act = (ctx) => ctx.sample({ messages: [], maxTokens: 1 });
    expect(text(await call(client))).toBe(
      "sample: the client did not declare the sampling capability, so this server cannot ask its model",
    );
  });
});
