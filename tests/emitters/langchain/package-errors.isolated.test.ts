import { ToolMessage } from "@langchain/core/messages";
import { beforeEach, describe, expect, it } from "vitest";
import {
  byName,
  client,
  createTools,
  handlers,
  InputError,
  PlatformError,
  server,
  TOKENS,
  validateInput,
} from "./package-setup.js";

// What goes wrong: input the schema rejects, and the platform's and handlers' errors.

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
    "rejects %s with the client's InputError naming the field, and sends nothing",
    async (_, name, args, field) => {
      const tool = byName(createTools({ client, handlers }), name);
      const error = await tool.invoke(args as never).then(
        () => null,
        (e: unknown) => e,
      );
      // The client's own words, as the client would refuse the same input, and as the Python
      // package's LangChain tools word it: never LangChain's validator's.
      const problems = validateInput(name, args);
      expect(problems.some((p) => p.startsWith(`${field} `))).toBe(true);
      expect(error).toBeInstanceOf(InputError);
      expect((error as InstanceType<typeof InputError>).problems).toEqual(
        problems,
      );
      expect((error as Error).message).toBe(
        `invalid input for ${name}: ${problems.join("; ")}`,
      );
      expect(server.requests).toEqual([]);
    },
  );

  it("refuses a tool call's arguments the same way, before LangChain reads them", async () => {
    const tool = byName(
      createTools({ client, handlers }),
      "delegate_task_async",
    );
    const args = { workspace_id: "peer" };
    const error = await tool
      .invoke({ type: "tool_call", id: "call-1", name: tool.name, args })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      `invalid input for delegate_task_async: ${validateInput("delegate_task_async", args).join("; ")}`,
    );
    expect(server.requests).toEqual([]);
  });
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
