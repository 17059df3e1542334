import { describe, expect, it } from "vitest";
import { createToolServer } from "../../../runtime/mcp/serve.js";
import { connect, recorder, table, text, whoami } from "./serve-helpers.js";

// serveToolTable answering with isError: invalid arguments, renamed tools and the errors the
// platform throws; and an unknown tool with a JSON-RPC error.

describe("serveToolTable", () => {
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

  it("answers a name never declared with the JSON-RPC error -32602, and a renamed one with isError and its new name", async () => {
    const client = await connect(
      createToolServer(table(), {
        client: recorder(async () => null),
        handlers: { whoami },
      }),
    );
    await expect(
      client.callTool({ name: "fly", arguments: {} }),
    ).rejects.toMatchObject({
      code: -32602,
      message:
        'MCP error -32602: Unknown tool "fly": this server has no tool of that name; list the tools to see their names.',
    });
    const renamed = await client.callTool({ name: "remember", arguments: {} });
    expect(renamed.isError).toBe(true);
    expect(text(renamed)).toBe(
      'Unknown tool "remember": it was renamed to "save".',
    );
    await expect(
      client.callTool({ name: "sav", arguments: {} }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'MCP error -32602: Unknown tool "sav": did you mean "save"?',
    });
    const huge = await client
      .callTool({ name: "x".repeat(10_000), arguments: {} })
      .catch((error: Error) => error);
    expect((huge as Error).message.length).toBeLessThan(300);
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
});
