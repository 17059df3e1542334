import { Ajv } from "ajv";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import type {
  HandlerContext,
  LocalHandler,
  PlatformCaller,
} from "../../../runtime/shared/handler.js";
import {
  createToolServer,
  serveToolTable,
} from "../../../runtime/mcp/serve.js";
import { createDefaultsFiller } from "../../../runtime/client/defaults.js";
import type { ToolTable } from "../../../runtime/mcp/table.js";

// The wiring alone, over the real SDK client and server: the platform side is a recorder here,
// the generated package's tests (tests/emitters/mcp) run it against the real client and HTTP.

const tools: Tool[] = [
  {
    name: "save",
    description: "Save a fact.",
    inputSchema: {
      type: "object",
      properties: {
        content: { type: "string" },
        scope: { type: "string", enum: ["LOCAL", "TEAM"], default: "LOCAL" },
      },
      required: ["content"],
    },
  },
  {
    name: "whoami",
    description: "Say who you are.",
    inputSchema: {
      type: "object",
      properties: { detail: { type: "string", default: "short" } },
    },
  },
];

function table(): ToolTable {
  const ajv = new Ajv({ allErrors: true });
  const validators = new Map(
    tools.map((t) => [t.name, ajv.compile(t.inputSchema)]),
  );
  return {
    server: {
      name: "test-server",
      bin: "test-mcp",
      environment: {
        baseUrl: "U",
        workspaceId: "W",
        token: "T",
        workspaces: "WS",
      },
    },
    tools,
    local: ["whoami"],
    renamed: { remember: "save" },
    validate: (name, input) => {
      const validate = validators.get(name)!;
      return validate(input)
        ? []
        : validate.errors!.map(
            (e) => `${e.instancePath || "input"} ${e.message}`,
          );
    },
    // The client package's own, as the generated index.js passes it in.
    withDefaults: createDefaultsFiller(
      new Map(tools.map((t) => [t.name, t.inputSchema])),
    ) as ToolTable["withDefaults"],
  };
}

interface Recorded {
  name: string;
  input: object;
  signal: AbortSignal | undefined;
}

/** Records every platform call and answers with what the test chose. */
function recorder(
  answer: (name: string, input: object) => Promise<unknown>,
): PlatformCaller & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  return {
    calls,
    $call: (name, input, options) => {
      calls.push({ name, input, signal: options?.signal });
      return answer(name, input);
    },
  };
}

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(server: Server): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "0.0.0" });
  await client.connect(clientSide);
  open.push(client);
  return client;
}

const whoami: LocalHandler = async () => "an agent";

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content as { type: string; text: string }[];
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe("text");
  return content[0]!.text;
}

describe("serveToolTable", () => {
  it("lists the table as given, in order", async () => {
    const client = await connect(
      createToolServer(table(), {
        client: recorder(async () => null),
        handlers: { whoami },
      }),
    );
    const listed = await client.listTools();
    expect(listed.tools).toEqual(tools);
    expect(client.getServerVersion()).toEqual({
      name: "test-server",
      version: "0.0.0",
    });
  });

  it("sends valid arguments to the platform with a cancel signal and returns its answer as JSON text", async () => {
    const platform = recorder(async () => ({ id: "m-1", saved: true }));
    const client = await connect(
      createToolServer(table(), { client: platform, handlers: { whoami } }),
    );
    const result = await client.callTool({
      name: "save",
      arguments: { content: "sky is blue", scope: "TEAM" },
    });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(text(result))).toEqual({ id: "m-1", saved: true });
    expect(platform.calls).toHaveLength(1);
    expect(platform.calls[0]!.name).toBe("save");
    expect(platform.calls[0]!.input).toEqual({
      content: "sky is blue",
      scope: "TEAM",
    });
    expect(platform.calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it("returns a string answer as it is, and no answer as null", async () => {
    const answers: unknown[] = ["plain words", undefined];
    const client = await connect(
      createToolServer(table(), {
        client: recorder(async () => answers.shift()),
        handlers: { whoami },
      }),
    );
    expect(
      text(
        await client.callTool({ name: "save", arguments: { content: "a" } }),
      ),
    ).toBe("plain words");
    expect(
      text(
        await client.callTool({ name: "save", arguments: { content: "a" } }),
      ),
    ).toBe("null");
  });

  it.each([
    [
      "a missing required argument",
      {},
      "input must have required property 'content'",
    ],
    ["a wrong type", { content: 42 }, "/content must be string"],
    [
      "a value outside the enum",
      { content: "a", scope: "WORLD" },
      "/scope must be equal to one of the allowed values",
    ],
  ])(
    "answers %s with isError and never calls the platform",
    async (_case, args, problem) => {
      const platform = recorder(async () => "should not be reached");
      const client = await connect(
        createToolServer(table(), { client: platform, handlers: { whoami } }),
      );
      const result = await client.callTool({ name: "save", arguments: args });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe(`Invalid arguments for save:\n- ${problem}`);
      expect(platform.calls).toEqual([]);
    },
  );

  it("treats absent arguments as an empty object, then fills in its defaults", async () => {
    const seen: object[] = [];
    const client = await connect(
      createToolServer(table(), {
        client: recorder(async () => null),
        handlers: {
          whoami: async (input: object) => {
            seen.push(input);
            return "ok";
          },
        },
      }),
    );
    expect(text(await client.callTool({ name: "whoami" }))).toBe("ok");
    expect(seen).toEqual([{ detail: "short" }]);
    expect((await client.callTool({ name: "save" })).isError).toBe(true);
  });

  it("answers an unknown tool with isError, and a renamed one with its new name", async () => {
    const client = await connect(
      createToolServer(table(), {
        client: recorder(async () => null),
        handlers: { whoami },
      }),
    );
    const unknown = await client.callTool({ name: "fly", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toBe(
      'Unknown tool "fly": this server has no tool of that name; list the tools to see their names.',
    );
    const renamed = await client.callTool({ name: "remember", arguments: {} });
    expect(renamed.isError).toBe(true);
    expect(text(renamed)).toBe(
      'Unknown tool "remember": it was renamed to "save".',
    );
    const misspelt = await client.callTool({ name: "sav", arguments: {} });
    expect(text(misspelt)).toBe('Unknown tool "sav": did you mean "save"?');
    const huge = await client.callTool({
      name: "x".repeat(10_000),
      arguments: {},
    });
    expect(text(huge).length).toBeLessThan(300);
  });

  it("turns a thrown error into isError with its message, adding the HTTP status when there is one", async () => {
    const refusal = Object.assign(new Error("workspace is archived"), {
      status: 409,
    });
    const failures: unknown[] = [
      refusal,
      new Error("connect ECONNREFUSED 127.0.0.1:1"),
      "plain string",
    ];
    const client = await connect(
      createToolServer(table(), {
        client: recorder(async () => {
          throw failures.shift();
        }),
        handlers: { whoami },
      }),
    );
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await client.callTool({
        name: "save",
        arguments: { content: "a" },
      });
      expect(result.isError).toBe(true);
      texts.push(text(result));
    }
    expect(texts).toEqual([
      "workspace is archived (HTTP 409)",
      "connect ECONNREFUSED 127.0.0.1:1",
      "plain string",
    ]);
  });

  it("hands local tools to their handler with the client, and a handler's error comes back as isError", async () => {
    const platform = recorder(async () => null);
    const contexts: HandlerContext[] = [];
    let fail = false;
    const client = await connect(
      createToolServer(table(), {
        client: platform,
        handlers: {
          whoami: async (_input: object, ctx: HandlerContext) => {
            contexts.push(ctx);
            if (fail) throw new Error("no identity configured");
            return { model: "m", tier: 2 };
          },
        },
      }),
    );
    expect(
      JSON.parse(
        text(await client.callTool({ name: "whoami", arguments: {} })),
      ),
    ).toEqual({ model: "m", tier: 2 });
    expect(contexts[0]!.client).toBe(platform);
    expect(contexts[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(platform.calls).toEqual([]);
    fail = true;
    const failed = await client.callTool({ name: "whoami", arguments: {} });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toBe("no identity configured");
  });

  it("completes the arguments with the schema's defaults before a handler or the platform gets them", async () => {
    const platform = recorder(async () => "ok");
    const inputs: object[] = [];
    const client = await connect(
      createToolServer(table(), {
        client: platform,
        handlers: {
          whoami: async (input: object) => {
            inputs.push(input);
            return "me";
          },
        },
      }),
    );
    await client.callTool({ name: "whoami", arguments: {} });
    await client.callTool({ name: "whoami", arguments: { detail: "full" } });
    expect(inputs).toEqual([{ detail: "short" }, { detail: "full" }]);
    await client.callTool({ name: "save", arguments: { content: "x" } });
    await client.callTool({
      name: "save",
      arguments: { content: "y", scope: "TEAM" },
    });
    expect(platform.calls.map((c) => c.input)).toEqual([
      { content: "x", scope: "LOCAL" },
      { content: "y", scope: "TEAM" },
    ]);
  });

  it("aborts the handler's signal when the MCP client cancels the call", async () => {
    let seen: AbortSignal | undefined;
    const client = await connect(
      createToolServer(table(), {
        client: recorder(async () => null),
        handlers: {
          whoami: (_input: object, ctx: HandlerContext) => {
            seen = ctx.signal;
            return new Promise((_resolve, reject) =>
              ctx.signal.addEventListener("abort", () =>
                reject(new Error("cancelled")),
              ),
            );
          },
        },
      }),
    );
    const cancel = new AbortController();
    const call = client.callTool({ name: "whoami", arguments: {} }, undefined, {
      signal: cancel.signal,
    });
    await expect.poll(() => seen).toBeDefined();
    cancel.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(() => seen!.aborted).toBe(true);
  });
});

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
