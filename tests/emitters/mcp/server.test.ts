import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  Client as V2Client,
  InMemoryTransport as V2Memory,
} from "@modelcontextprotocol/client";
import { Server as V2Server } from "@modelcontextprotocol/server";
import type { LocalHandlers, PlatformClient } from "@molecule/platform-client";
import type { ToolName } from "@molecule/platform-mcp";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
} from "vitest";
import { httpCases, localToolNames, MAIN, SIDE } from "./cases.js";
import {
  startPlatform,
  type PlatformServer,
  type Reply,
  type Seen,
} from "../../helpers/platform-server.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { platformFixturePath, readSpec } from "../../helpers/reference-spec.js";

// The packages generated from the platform fixture (a frozen copy of tools.yaml), whose tools
// the expectations below name; typed as the repository's generated packages, which have the
// same interface.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { createClient } = await fixture.load<
  typeof import("@molecule/platform-client")
>("@molecule/platform-client");
const { createServer, localTools, serveTools, tools } = await fixture.load<
  typeof import("@molecule/platform-mcp")
>("@molecule/platform-mcp");
const referenceTools = () => readSpec(platformFixturePath).tools;

// The generated package, imported by name, over the real SDK client and the real runtime client
// calling a real HTTP server: the whole path an agent's tool call takes.

let platform: PlatformServer;
let client: PlatformClient;
const localCalls: { tool: string; input: unknown }[] = [];

function handler(tool: string) {
  return async (input: unknown) => {
    localCalls.push({ tool, input });
    return { answeredBy: tool };
  };
}

const handlers: LocalHandlers = {
  delegate_task: handler("delegate_task"),
  get_runtime_identity: handler("get_runtime_identity"),
  send_message_to_user: handler("send_message_to_user"),
  wait_for_message: handler("wait_for_message"),
  inbox_peek: handler("inbox_peek"),
  inbox_pop: handler("inbox_pop"),
};

/** What the platform answers: the two failures below, else which route it handled. */
function answer(req: Seen): Reply {
  if (
    req.path === "/workspaces/ws-main/delegations" &&
    req.queryList.some(([k, v]) => k === "delegation_id" && v === "d-gone")
  ) {
    return {
      status: 404,
      body: { error: "delegation d-gone does not exist" },
    };
  }
  if (req.path === "/workspaces/ws-main/broadcast")
    return { status: 503, body: "broadcasts are paused for maintenance" };
  return { body: { handled: `${req.method} ${req.path}` } };
}

beforeAll(async () => {
  platform = await startPlatform();
  client = createClient({ baseUrl: platform.url, workspaces: [MAIN, SIDE] });
});
afterAll(() => platform.close());
beforeEach(() => platform.otherwise(answer));

const open: Client[] = [];
afterEach(async () => {
  platform.reset();
  localCalls.length = 0;
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** A server of either SDK line (createServer makes v2's when both are installed). */
async function connect(server: {
  connect(transport: InMemoryTransport): Promise<void>;
}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: "agent", version: "0.0.0" });
  await mcp.connect(clientSide);
  open.push(mcp);
  return mcp;
}

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content as { type: string; text: string }[];
  expect(content.map((c) => c.type)).toEqual(["text"]);
  return content[0]!.text;
}

describe("the tool table (structural guarantees)", () => {
  const spec = referenceTools();

  it("names every tool of tools.yaml, in spec order", () => {
    expect(tools.map((t) => t.name)).toEqual(spec.map((t) => t.name));
  });

  it("describes each tool with exactly its short", () => {
    expect(tools.map((t) => [t.name, t.description])).toEqual(
      spec.map((t) => [t.name, t.short]),
    );
  });

  it("gives each tool exactly its input as inputSchema, keys in the spec's order", () => {
    for (const [i, t] of tools.entries())
      expect(JSON.stringify(t.inputSchema), t.name).toBe(
        JSON.stringify(spec[i]!.input),
      );
  });

  it("marks the local tools, and only them", () => {
    expect([...localTools]).toEqual(localToolNames);
    expect(spec.filter((t) => t.local).map((t) => t.name)).toEqual(
      localToolNames,
    );
  });

  it("is typed with the SDK's own Tool", () => {
    const asSdk: readonly Tool[] = tools;
    const first: ToolName = tools[0]!.name;
    expect(asSdk[0]!.name).toBe(first);
  });

  it("is frozen, so that what the server lists cannot be edited by accident", () => {
    expect(Object.isFrozen(tools)).toBe(true);
    expect(Object.isFrozen(tools[0]!.inputSchema)).toBe(true);
  });
});

describe("a server from createServer, over the in-memory transport", () => {
  it("lists every tool of tools.yaml with exactly its short and input, and a GET tool as read-only", async () => {
    const mcp = await connect(createServer({ client, handlers }));
    const listed = await mcp.listTools();
    // The fixture declares no title, output or annotations: the one hint is derived from GET
    // (every rule is tested on its own fixture, tests/emitters/mcp/results.test.ts).
    expect(listed.tools).toEqual(
      referenceTools().map((t) => ({
        name: t.name,
        description: t.short,
        inputSchema: t.input,
        ...((t.http as { method?: string } | undefined)?.method === "GET"
          ? { annotations: { readOnlyHint: true } }
          : {}),
      })),
    );
    expect(mcp.getServerVersion()).toEqual({
      name: "molecule-platform",
      version: "0.0.0",
    });
  });

  it("covers every HTTP-bound tool of the spec in the request table", () => {
    const http = referenceTools()
      .filter((t) => !t.local)
      .map((t) => t.name);
    expect([...new Set(httpCases.map((c) => c.tool))].sort()).toEqual(
      http.sort(),
    );
  });

  it.each(httpCases)(
    "$tool reaches the platform with its method, path, query, body and token, and returns its answer",
    async (c) => {
      const mcp = await connect(createServer({ client, handlers }));
      const result = await mcp.callTool({ name: c.tool, arguments: c.args });
      expect(result.isError, text(result)).toBeFalsy();
      expect(JSON.parse(text(result))).toEqual({
        handled: `${c.method} ${c.path}`,
      });
      expect(platform.requests).toHaveLength(1);
      const [seen] = platform.requests;
      expect(seen!.method).toBe(c.method);
      expect(seen!.path).toBe(c.path);
      expect(seen!.queryList).toEqual(c.query);
      expect(seen!.body).toEqual(c.body);
      expect(seen!.authorization).toBe(`Bearer ${c.token}`);
      for (const [name, value] of Object.entries(c.headers ?? {}))
        expect(seen!.headers[name]).toBe(value);
      expect(localCalls).toEqual([]);
    },
  );

  it("hands each local tool to its handler and never calls the platform", async () => {
    const mcp = await connect(createServer({ client, handlers }));
    for (const name of localToolNames) {
      const args =
        name === "inbox_pop"
          ? { activity_id: "a-1" }
          : name === "send_message_to_user"
            ? { message: "done" }
            : name === "delegate_task"
              ? { workspace_id: "peer-1", task: "t" }
              : {};
      const result = await mcp.callTool({ name, arguments: args });
      expect(JSON.parse(text(result))).toEqual({ answeredBy: name });
    }
    expect(localCalls.map((c) => c.tool)).toEqual(localToolNames);
    expect(localCalls[0]!.input).toEqual({ workspace_id: "peer-1", task: "t" });
    expect(platform.requests).toEqual([]);
  });

  it("returns a platform error as isError with the platform's message and status", async () => {
    const mcp = await connect(createServer({ client, handlers }));
    const missing = await mcp.callTool({
      name: "check_task_status",
      arguments: { workspace_id: "peer-1", task_id: "d-gone" },
    });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe("delegation d-gone does not exist (HTTP 404)");
    const paused = await mcp.callTool({
      name: "broadcast_message",
      arguments: { message: "hello" },
    });
    expect(paused.isError).toBe(true);
    expect(text(paused)).toContain("broadcasts are paused for maintenance");
    expect(text(paused)).toContain("(HTTP 503)");
  });

  it("refuses a workspace the client holds no token for, sending nothing", async () => {
    const mcp = await connect(createServer({ client, handlers }));
    const result = await mcp.callTool({
      name: "get_workspace_info",
      arguments: { source_workspace_id: "ws-elsewhere" },
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('"ws-elsewhere"');
    expect(text(result)).not.toContain(MAIN.token);
    expect(platform.requests).toEqual([]);
  });

  it.each([
    [
      "a missing required argument",
      "delegate_task_async",
      { workspace_id: "peer-1" },
      "task is required",
    ],
    [
      "a wrong type",
      "chat_history",
      { peer_id: "peer-1", limit: "five" },
      "limit must be an integer",
    ],
    [
      "a value outside the enum",
      "commit_memory",
      { content: "x", scope: "WORLD" },
      'scope must be one of "LOCAL", "TEAM", "GLOBAL"',
    ],
    [
      "a bad date-time",
      "chat_history",
      { peer_id: "peer-1", before_ts: "yesterday" },
      "before_ts must be a valid date-time",
    ],
  ])(
    "answers %s with isError naming the field, and sends nothing",
    async (_case, name, args, problem) => {
      const mcp = await connect(createServer({ client, handlers }));
      const result = await mcp.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe(`Invalid arguments for ${name}:\n- ${problem}`);
      expect(platform.requests).toEqual([]);
    },
  );

  it("answers a name never declared with the JSON-RPC error -32602, and a renamed one with isError", async () => {
    const mcp = await connect(createServer({ client, handlers }));
    await expect(
      mcp.callTool({ name: "delete_everything", arguments: {} }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool "delete_everything"'),
    });
    const renamed = await mcp.callTool({
      name: "search_memory",
      arguments: { query: "x" },
    });
    expect(renamed.isError).toBe(true);
    expect(text(renamed)).toBe(
      'Unknown tool "search_memory": it was renamed to "recall_memory".',
    );
    await expect(
      mcp.callTool({ name: "recal_memory", arguments: { query: "x" } }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        'Unknown tool "recal_memory": did you mean "recall_memory"?',
      ),
    });
    expect(platform.requests).toEqual([]);
    expect((await mcp.listTools()).tools).toHaveLength(tools.length);
  });
});

describe("serveTools on a server the consumer made", () => {
  it("serves the same table, once", async () => {
    const server = new Server({ name: "my-agent", version: "2.1.0" });
    serveTools(server, { client, handlers });
    expect(() => serveTools(server, { client, handlers })).toThrow(
      "serveTools: this server already answers tools/list",
    );
    const mcp = await connect(server);
    expect((await mcp.listTools()).tools.map((t) => t.name)).toEqual(
      referenceTools().map((t) => t.name),
    );
    expect(mcp.getServerVersion()).toEqual({
      name: "my-agent",
      version: "2.1.0",
    });
  });

  it("demands a handler for every local tool, in the types", () => {
    const { inbox_pop: _dropped, ...incomplete } = handlers;
    // @ts-expect-error: inbox_pop has no handler.
    expect(() => createServer({ client, handlers: incomplete })).toThrow(
      "serveTools: no handler for the local tool inbox_pop",
    );
    expect(() =>
      // @ts-expect-error: handlers are required while the spec has local tools.
      serveTools(new Server({ name: "s", version: "1" }), { client }),
    ).toThrow(TypeError);
    const name: ToolName = "inbox_pop";
    // @ts-expect-error: not a tool of tools.yaml.
    const wrong: ToolName = "search_memory";
    expect([name, wrong]).toHaveLength(2);
  });
});

describe("the package on each SDK line, with that line's own client", () => {
  it("createServer makes a 2.x server when both lines are installed, and the 2.x client lists and calls", async () => {
    const server = createServer({ client, handlers });
    expect(server).toBeInstanceOf(V2Server);
    const [clientSide, serverSide] = V2Memory.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new V2Client({ name: "agent", version: "0.0.0" });
    await mcp.connect(clientSide);
    open.push(mcp as unknown as Client);
    const listed = await mcp.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(
      referenceTools().map((t) => t.name),
    );
    // A local tool that needs no argument, answered by its handler.
    const local = referenceTools().find(
      (t) =>
        t.local &&
        ((t.input as { required?: unknown[] }).required ?? []).length === 0,
    )!.name;
    const result = await mcp.callTool({ name: local, arguments: {} });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(
      { answeredBy: local },
    );
  });
});
