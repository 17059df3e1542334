import {
  AIMessage,
  HumanMessage,
  ToolMessage,
  type BaseMessage,
} from "@langchain/core/messages";
import { ToolInputParsingException } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import type { LocalHandlers, PlatformClient } from "@molecule/platform-client";
import type { PlatformTool } from "@molecule/platform-langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startPlatform,
  type PlatformServer,
  type Seen,
} from "../../helpers/platform-server.js";
import { ScriptedChatModel } from "./scripted-model.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { spec, specTool } from "./spec.js";

// The packages generated from the platform fixture (a frozen copy of tools.yaml), whose tools
// these tests name; typed as the repository's generated packages, which have the same interface.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { createClient, PlatformError } = await fixture.load<
  typeof import("@molecule/platform-client")
>("@molecule/platform-client");
const { createTools } = await fixture.load<
  typeof import("@molecule/platform-langchain")
>("@molecule/platform-langchain");

const TOKENS = { primary: "tok-primary-1f2e", second: "tok-second-9a8b" };

let server: PlatformServer;
let client: PlatformClient;
/** Every local handler call, in order. */
let handled: { tool: string; input: unknown; ctx: unknown }[];

const record =
  (tool: string, answer: unknown) =>
  async (input: unknown, ctx: unknown): Promise<unknown> => {
    handled.push({ tool, input, ctx });
    return answer;
  };

const handlers: LocalHandlers = {
  delegate_task: record("delegate_task", { answer: "done by peer" }),
  get_runtime_identity: record("get_runtime_identity", {
    model: "m-1",
    tier: "standard",
  }),
  send_message_to_user: record("send_message_to_user", "sent"),
  wait_for_message: record("wait_for_message", null),
  inbox_peek: record("inbox_peek", []),
  inbox_pop: record("inbox_pop", { removed: true }),
};

beforeAll(async () => {
  server = await startPlatform();
  client = createClient({
    baseUrl: server.url,
    workspaces: [
      { id: "ws-primary", token: TOKENS.primary },
      { id: "ws-second", token: TOKENS.second },
    ],
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.otherwise(() => ({ status: 200, body: { ok: true } }));
  handled = [];
});

/** Method, path and decoded query of a request: how the client encodes a space is its own business. */
function target(r: Seen): [string, string, Record<string, string>] {
  const url = new URL(r.url, "http://platform.test");
  return [r.method, url.pathname, Object.fromEntries(url.searchParams)];
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++)
    await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

function byName(tools: readonly PlatformTool[], name: string): PlatformTool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

describe("the tool list", () => {
  it("has every spec tool, in spec order, with its name, short description and schema", () => {
    const tools = createTools({ client, handlers });
    expect(tools.map((t) => t.name)).toEqual(spec.tools.map((t) => t.name));
    for (const t of spec.tools) {
      const made = byName(tools, t.name);
      expect(made.description).toBe(t.short);
      expect(made.schema).toEqual(t.input);
      // What a model provider is sent must be the spec's schema too, not a lossy conversion.
      expect(convertToOpenAITool(made).function.parameters).toEqual(t.input);
    }
  });

  it("appends when_to_use to the description on request", () => {
    const tools = createTools({ client, handlers, appendWhenToUse: true });
    for (const t of spec.tools) {
      const { description } = byName(tools, t.name);
      expect(description.startsWith(t.short)).toBe(true);
      expect(description.endsWith(t.when_to_use)).toBe(true);
      expect(description.length).toBeGreaterThan(
        t.short.length + t.when_to_use.length,
      );
    }
  });

  it("gives each createTools call its own schemas", () => {
    const first = byName(createTools({ client, handlers }), "commit_memory");
    (
      first.schema as { properties: Record<string, unknown> }
    ).properties.injected = { type: "string" };
    expect(
      byName(createTools({ client, handlers }), "commit_memory").schema,
    ).toEqual(specTool("commit_memory").input);
  });
});

describe("calling the platform", () => {
  it("invoke(args) sends the bound request to the routed workspace and answers JSON text", async () => {
    server.otherwise(() => ({
      status: 201,
      body: { id: "mem-1", stored: true },
    }));
    const tool = byName(createTools({ client, handlers }), "commit_memory");
    const result = await tool.invoke({
      content: "The deploy key rotates weekly.",
      source_workspace_id: "ws-second",
    });

    expect(typeof result).toBe("string");
    expect(JSON.parse(result)).toEqual({ id: "mem-1", stored: true });
    expect(server.requests).toHaveLength(1);
    const [seen] = server.requests;
    expect(seen!.method).toBe("POST");
    expect(seen!.url).toBe("/workspaces/ws-second/memories");
    expect(seen!.headers.authorization).toBe(`Bearer ${TOKENS.second}`);
    // scope was left out: the schema's default (LOCAL) is what the platform gets.
    expect(seen!.body).toEqual({
      content: "The deploy key rotates weekly.",
      scope: "LOCAL",
      workspace_id: "ws-second",
    });
  });

  it("invoke(toolCall) answers a ToolMessage for that call", async () => {
    server.otherwise(() => ({
      status: 200,
      body: { status: "completed", result: "42" },
    }));
    const tool = byName(createTools({ client, handlers }), "check_task_status");
    const message = await tool.invoke({
      id: "call_17",
      name: "check_task_status",
      args: { workspace_id: "peer/one", task_id: "d-9" },
      type: "tool_call",
    });

    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.tool_call_id).toBe("call_17");
    expect(message.name).toBe("check_task_status");
    expect(message.status).toBe("success");
    expect(JSON.parse(message.content as string)).toEqual({
      status: "completed",
      result: "42",
    });
    expect(server.requests.map(target)).toEqual([
      [
        "GET",
        "/workspaces/ws-primary/delegations",
        { target_id: "peer/one", delegation_id: "d-9" },
      ],
    ]);
    expect(server.requests[0]!.headers.authorization).toBe(
      `Bearer ${TOKENS.primary}`,
    );
  });

  it("passes a text answer through as it came", async () => {
    server.otherwise(() => ({
      status: 200,
      body: "Workspace ws-primary: research agent, team blue.",
    }));
    const tool = byName(
      createTools({ client, handlers }),
      "get_workspace_info",
    );
    expect(await tool.invoke({})).toBe(
      "Workspace ws-primary: research agent, team blue.",
    );
    expect(server.requests.map(target)).toEqual([
      ["GET", "/workspaces/ws-primary", {}],
    ]);
  });
});

describe("cancelling", () => {
  it("aborts the platform call itself when the caller's signal aborts", async () => {
    let release: () => void = () => {};
    server.otherwise(
      () =>
        new Promise(
          (resolve) => (release = () => resolve({ status: 200, body: [] })),
        ),
    );
    const tool = byName(createTools({ client, handlers }), "list_peers");
    const controller = new AbortController();
    const pending = tool.invoke({}, { signal: controller.signal });
    await until(() => server.requests.length === 1);
    controller.abort(new Error("the user stopped the agent"));
    await expect(pending).rejects.toThrow("the user stopped the agent");
    // Not merely given up on: the connection was dropped, so the platform can stop working.
    await until(() => server.cancelled.length === 1);
    release();
  });

  it("hands the signal to local handlers", async () => {
    let seen: AbortSignal | undefined;
    const waiting = {
      ...handlers,
      // HandlerContext does not declare the signal yet (the client package's to add); it is passed.
      wait_for_message: (_: unknown, ctx: object) =>
        new Promise<unknown>((_resolve, reject) => {
          const { signal } = ctx as { signal?: AbortSignal };
          seen = signal;
          signal?.addEventListener("abort", () => reject(signal.reason));
        }),
    };
    const tool = byName(
      createTools({ client, handlers: waiting }),
      "wait_for_message",
    );
    const controller = new AbortController();
    const pending = tool.invoke(
      { timeout_secs: 300 },
      { signal: controller.signal },
    );
    await until(() => seen !== undefined);
    controller.abort(new Error("stop waiting"));
    await expect(pending).rejects.toThrow("stop waiting");
    expect(seen!.aborted).toBe(true);
  });
});

describe("bad input", () => {
  it.each([
    [
      "a missing required field",
      "delegate_task_async",
      { workspace_id: "peer" },
      "task",
    ],
    [
      "a field of the wrong type",
      "delegate_task_async",
      { workspace_id: 7, task: "t" },
      "workspace_id",
    ],
    [
      "a value outside the enum",
      "commit_memory",
      { content: "c", scope: "PRIVATE" },
      "scope",
    ],
    [
      "a malformed date-time",
      "chat_history",
      { peer_id: "p", before_ts: "yesterday" },
      "before_ts",
    ],
  ])(
    "rejects %s with a message naming the field, and sends nothing",
    async (_, name, args, field) => {
      const tool = byName(createTools({ client, handlers }), name);
      const error = await tool.invoke(args as never).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ToolInputParsingException);
      expect((error as Error).message).toContain(`"${field}"`);
      expect(server.requests).toEqual([]);
    },
  );
});

describe("platform errors", () => {
  beforeEach(() => {
    server.otherwise(() => ({
      status: 404,
      body: { error: "no peer named ghost" },
    }));
  });

  it("come back to the model as a readable result, naming the tool, status and reason", async () => {
    const tool = byName(
      createTools({ client, handlers }),
      "delegate_task_async",
    );
    const result = await tool.invoke({ workspace_id: "ghost", task: "hello" });
    expect(result).toBe(
      "Error from delegate_task_async (HTTP 404): no peer named ghost",
    );
    expect(result).not.toContain(TOKENS.primary);
  });

  it("are marked as errors in the ToolMessage of a tool call", async () => {
    const tool = byName(
      createTools({ client, handlers }),
      "delegate_task_async",
    );
    const message = await tool.invoke({
      id: "call_3",
      name: "delegate_task_async",
      args: { workspace_id: "ghost", task: "t" },
      type: "tool_call",
    });
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.status).toBe("error");
    expect(message.tool_call_id).toBe("call_3");
    expect(message.content).toContain("no peer named ghost");
  });

  it("are thrown as the client's PlatformError when throwOnError is set", async () => {
    const tool = byName(
      createTools({ client, handlers, throwOnError: true }),
      "delegate_task_async",
    );
    const error = await tool.invoke({ workspace_id: "ghost", task: "t" }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as InstanceType<typeof PlatformError>).status).toBe(404);
  });

  it("include an unknown workspace, which is never sent anywhere", async () => {
    const tool = byName(createTools({ client, handlers }), "list_peers");
    const result = await tool.invoke({ source_workspace_id: "ws-nobody" });
    expect(result).toMatch(/^Error from list_peers: .*ws-nobody/);
    expect(server.requests).toEqual([]);
  });

  it("include a local handler's failure, as MCP returns it: text, or an error ToolMessage for a tool call", async () => {
    const failing = {
      ...handlers,
      inbox_pop: async () =>
        Promise.reject(new Error("inbox_pop: a-1 was already taken")),
    };
    const tool = byName(
      createTools({ client, handlers: failing }),
      "inbox_pop",
    );
    expect(await tool.invoke({ activity_id: "a-1" })).toBe(
      "Error from inbox_pop: a-1 was already taken",
    );
    const message = await tool.invoke({
      id: "call_9",
      name: "inbox_pop",
      args: { activity_id: "a-1" },
      type: "tool_call",
    });
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.status).toBe("error");
    const thrown = byName(
      createTools({ client, handlers: failing, throwOnError: true }),
      "inbox_pop",
    );
    await expect(thrown.invoke({ activity_id: "a-1" })).rejects.toThrow(
      "a-1 was already taken",
    );
  });

  it("do not cover bugs: an error that is not the client's is thrown", async () => {
    const broken = {
      ...handlers,
      inbox_pop: async () => Promise.reject(new TypeError("handler bug")),
    };
    const tool = byName(createTools({ client, handlers: broken }), "inbox_pop");
    await expect(tool.invoke({ activity_id: "a-1" })).rejects.toThrow(
      "handler bug",
    );
  });
});

describe("local tools", () => {
  it("run the consumer's handler with the validated input and the client, and send nothing", async () => {
    const tool = byName(createTools({ client, handlers }), "inbox_pop");
    expect(JSON.parse(await tool.invoke({ activity_id: "act-5" }))).toEqual({
      removed: true,
    });
    expect(handled).toHaveLength(1);
    expect(handled[0]!.tool).toBe("inbox_pop");
    expect(handled[0]!.input).toEqual({ activity_id: "act-5" });
    const ctx = handled[0]!.ctx as { client: unknown; signal: AbortSignal };
    expect(ctx.client).toBe(client);
    // No signal was given: the handler still gets one, which never aborts.
    expect(ctx.signal).toBeInstanceOf(AbortSignal);
    expect(ctx.signal.aborted).toBe(false);
    expect(server.requests).toEqual([]);
  });

  it("turn a client error raised by a handler into an error result", async () => {
    const failing = {
      ...handlers,
      delegate_task: async () =>
        Promise.reject(
          new PlatformError(503, "peer is busy", null, "delegate_task"),
        ),
    };
    const tool = byName(
      createTools({ client, handlers: failing }),
      "delegate_task",
    );
    const result = await tool.invoke({ workspace_id: "peer", task: "t" });
    expect(result).toBe("Error from delegate_task (HTTP 503): peer is busy");
  });
});

describe("choosing a subset", () => {
  const inSection = (id: string) =>
    spec.tools.filter((t) => t.section === id).map((t) => t.name);

  it("by section", () => {
    expect(
      createTools({ client, sections: ["memory"] }).map((t) => t.name),
    ).toEqual(inSection("memory"));
  });

  it("by names, in spec order", () => {
    const names = createTools({
      client,
      handlers,
      names: ["recall_memory", "delegate_task"],
    }).map((t) => t.name);
    expect(names).toEqual(["delegate_task", "recall_memory"]);
  });

  it("by sections and names together", () => {
    const names = createTools({
      client,
      sections: ["memory"],
      names: ["list_peers"],
    }).map((t) => t.name);
    expect(names).toEqual(["list_peers", ...inSection("memory")]);
  });

  it.each([
    [
      "an unknown name",
      { names: ["delegate_taks"] },
      "unknown tool 'delegate_taks' (did you mean 'delegate_task'?)",
    ],
    [
      "a former name",
      { names: ["search_memory"] },
      "unknown tool 'search_memory' (renamed to 'recall_memory')",
    ],
    [
      "an unknown section",
      { sections: ["mem"] },
      "unknown section 'mem' (sections: a2a, memory)",
    ],
  ])("rejects %s", (_, selection, message) => {
    expect(() =>
      createTools({ client, handlers, ...(selection as object) }),
    ).toThrow(message);
  });

  it("rejects a selection whose local tools have no handler", () => {
    const partial = {
      inbox_peek: handlers.inbox_peek,
    } as unknown as LocalHandlers;
    expect(() =>
      createTools({
        client,
        handlers: partial,
        names: ["inbox_peek", "inbox_pop", "delegate_task"],
      }),
    ).toThrow("no handler for the local tools 'delegate_task', 'inbox_pop'");
  });
});

describe("an agent loop", () => {
  it("runs the tool calls a model emits and feeds each result back as the next message", async () => {
    server.otherwise((r) =>
      r.url.startsWith("/workspaces/ws-primary/memories")
        ? {
            status: 200,
            body: [
              { content: "The deploy key rotates weekly.", scope: "TEAM" },
            ],
          }
        : { status: 404, body: { error: "no peer named ghost" } },
    );
    const tools = createTools({ client, handlers });
    const model = new ScriptedChatModel([
      new AIMessage({
        content: "",
        tool_calls: [
          {
            id: "call_a",
            name: "recall_memory",
            args: { query: "deploy key" },
            type: "tool_call",
          },
          {
            id: "call_b",
            name: "delegate_task_async",
            args: { workspace_id: "ghost", task: "rotate it" },
            type: "tool_call",
          },
        ],
      }),
      new AIMessage(
        "The deploy key rotates weekly; the peer ghost does not exist.",
      ),
    ]);
    const agent = model.bindTools(tools);

    const messages: BaseMessage[] = [
      new HumanMessage(
        "When does the deploy key rotate? Ask ghost to rotate it.",
      ),
    ];
    for (let turn = 0; turn < 4; turn++) {
      const reply = await agent.invoke(messages);
      messages.push(reply);
      if (!reply.tool_calls?.length) break;
      for (const call of reply.tool_calls)
        messages.push(
          await byName(tools, call.name).invoke({ ...call, id: call.id! }),
        );
    }

    expect(model.bound.map((t) => t.function.name)).toEqual(
      spec.tools.map((t) => t.name),
    );
    expect(model.turns).toHaveLength(2);
    // The second turn saw both results, one a success and one an error the model can read.
    const fedBack = model.turns[1]!.slice(2) as ToolMessage[];
    expect(fedBack.map((m) => [m.tool_call_id, m.status])).toEqual([
      ["call_a", "success"],
      ["call_b", "error"],
    ]);
    expect(JSON.parse(fedBack[0]!.content as string)).toEqual([
      { content: "The deploy key rotates weekly.", scope: "TEAM" },
    ]);
    expect(fedBack[1]!.content).toContain("no peer named ghost");
    expect(server.requests.map(target)).toEqual([
      [
        "GET",
        "/workspaces/ws-primary/memories",
        { query: "deploy key", workspace_id: "ws-primary" },
      ],
      ["POST", "/workspaces/ws-primary/delegate", {}],
    ]);
    expect(server.requests[1]!.body).toEqual({
      target_id: "ghost",
      task: "rotate it",
    });
    expect(messages.at(-1)!.content).toBe(
      "The deploy key rotates weekly; the peer ghost does not exist.",
    );
  });
});
