import { describe, expect, it } from "vitest";
import type { HandlerContext } from "../../../runtime/shared/handler.js";
import { createToolServer } from "../../../runtime/mcp/serve.js";
import {
  connect,
  recorder,
  table,
  text,
  tools,
  whoami,
} from "./serve-helpers.js";

// serveToolTable answering calls: listing, the platform's answers, defaults, local handlers and
// cancelling. Its error answers are in serve-errors.isolated.test.ts.

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
      name: table().server.name,
      version: table().server.version,
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

  it("returns a string answer as it is, no answer as a sentence, and a value JSON cannot hold by its kind", async () => {
    const answers: unknown[] = ["plain words", undefined, null, () => "src"];
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
    for (const expected of [
      "Done: the call returned no content.",
      "Done: the call returned no content.",
      "The tool answered a function, which is no JSON value.",
    ])
      expect(
        text(
          await client.callTool({ name: "save", arguments: { content: "a" } }),
        ),
      ).toBe(expected);
  });

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
