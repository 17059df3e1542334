import {
  AIMessage,
  HumanMessage,
  ToolMessage,
  type BaseMessage,
} from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import {
  byName,
  client,
  createTools,
  handled,
  handlers,
  PlatformError,
  server,
  target,
  TOKENS,
} from "./package-setup.js";
import { until } from "../../helpers/platform-server.js";
import { ScriptedChatModel } from "./scripted-model.js";
import { spec } from "./spec.js";

// Calling the tools: the platform requests they send, cancelling, the local tools' handlers, and
// a model's agent loop. Bad input and platform errors are in package-errors.isolated.test.ts.

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
    await until(() => server.requests.length === 1, "the request arrives");
    controller.abort(new Error("the user stopped the agent"));
    await expect(pending).rejects.toThrow("the user stopped the agent");
    // Not merely given up on: the connection was dropped, so the platform can stop working.
    await until(
      () => server.cancelled.length === 1,
      "the request is cancelled",
    );
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
    await until(() => seen !== undefined, "the handler is called");
    controller.abort(new Error("stop waiting"));
    await expect(pending).rejects.toThrow("stop waiting");
    expect(seen!.aborted).toBe(true);
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
