import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import type { CatalogData } from "../../../runtime/mcp/catalog-data.js";
import type { CatalogOptions } from "../../../runtime/mcp/catalog-handlers.js";
import { loadCatalog } from "../../../runtime/mcp/catalog.js";
import { createToolServer } from "../../../runtime/mcp/serve.js";
import type { Sdks } from "../../../runtime/mcp/sdk.js";
import { connect, recorder, sdks, table, whoami } from "./serve-helpers.js";

// The prompts, resources and completions a table's catalog serves, on a server of each SDK line
// (v1 sets its handlers by request schema, v2 by method name), to the real client in memory.

const DATA: CatalogData = {
  prompts: [
    { name: "prompt", title: "All", from: { docs: null } },
    { name: "prompt.main", from: { docs: "main" } },
    {
      name: "greet",
      arguments: [
        { name: "who", required: true },
        { name: "mood", enum: ["glad", "grim", "calm"] },
      ],
      from: { template: "Hello {{who}}, {{ mood }}! {{{{who}}" },
    },
    { name: "ask", from: { runtime: true } },
  ],
  resources: [
    { uri: "mem://fixed", name: "fixed", text: "as written" },
    { uri: "mem://live", name: "live", mimeType: "text/plain" },
  ],
  resourceTemplates: [
    {
      uriTemplate: "mem://day/{day}{#part}",
      name: "day",
      completions: { day: ["mon", "tue"] },
    },
  ],
};

const DOCS = {
  prompt: "the whole prompt",
  sections: { main: { mcp: "main part" } },
};

function server(line: 1 | 2, options: CatalogOptions, subscriptions = true) {
  const only: Sdks = line === 1 ? { v1: sdks.v1! } : { v2: sdks.v2! };
  return createToolServer(
    { ...table(), sdks: only, catalog: loadCatalog(DATA, DOCS) },
    { client: recorder(async () => "ok"), handlers: { whoami }, ...options },
    subscriptions,
  );
}

const user = (text: string) => ({
  role: "user",
  content: { type: "text", text },
});

describe.each([1, 2] as const)("the catalog on an SDK %i server", (line) => {
  it("lists the prompts and answers each from its docs text, template or handler", async () => {
    const client = await connect(
      server(line, {
        prompts: { ask: async (args) => `asked ${JSON.stringify(args)}` },
      }),
    );
    expect((await client.listPrompts()).prompts).toEqual([
      { name: "prompt", title: "All" },
      { name: "prompt.main" },
      {
        name: "greet",
        arguments: [{ name: "who", required: true }, { name: "mood" }],
      },
      { name: "ask" },
    ]);
    const get = async (name: string, args?: Record<string, string>) =>
      (await client.getPrompt({ name, ...(args && { arguments: args }) }))
        .messages;
    expect(await get("prompt")).toEqual([user("the whole prompt")]);
    expect(await get("prompt.main")).toEqual([user("main part")]);
    expect(await get("greet", { who: "{{mood}}", mood: "$&" })).toEqual([
      user("Hello {{mood}}, $&! {{who}}"),
    ]);
    expect(await get("ask", { q: "x" })).toEqual([user('asked {"q":"x"}')]);
    await expect(get("greet")).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Prompt greet needs the argument who"),
    });
    await expect(get("nope")).rejects.toMatchObject({ code: -32602 });
  });

  it("says a runtime prompt has no handler rather than crash", async () => {
    const client = await connect(server(line, {}));
    await expect(client.getPrompt({ name: "ask" })).rejects.toThrow(
      "this runtime has no handler for the prompt ask",
    );
    await expect(client.readResource({ uri: "mem://live" })).rejects.toThrow(
      "this runtime reads no resources, so not mem://live",
    );
    expect((await client.listPrompts()).prompts).toHaveLength(4);
  });

  it("names an answer of the wrong shape, and serves on", async () => {
    const client = await connect(
      server(line, {
        prompts: { ask: async () => ({ text: "no messages" }) as never },
        resources: { read: async () => [{ uri: "mem://live" }] as never },
      }),
    );
    await expect(client.getPrompt({ name: "ask" })).rejects.toThrow(
      "the runtime's prompt ask answered neither a text nor { messages }",
    );
    await expect(client.readResource({ uri: "mem://live" })).rejects.toThrow(
      "the runtime's read of mem://live answered neither a text, bytes nor [{ uri, text | blob }]",
    );
    expect((await client.listPrompts()).prompts).toHaveLength(4);
  });

  it("reads a resource's text, the runtime's answer, and a template's match", async () => {
    const reads: unknown[] = [];
    const client = await connect(
      server(line, {
        resources: {
          read: async (read) => {
            reads.push(read);
            return read.uri === "mem://live"
              ? "live text"
              : new Uint8Array([255]);
          },
        },
      }),
    );
    const read = async (uri: string) =>
      (await client.readResource({ uri })).contents;
    expect(await read("mem://fixed")).toEqual([
      { uri: "mem://fixed", text: "as written" },
    ]);
    expect(await read("mem://live")).toEqual([
      { uri: "mem://live", mimeType: "text/plain", text: "live text" },
    ]);
    expect(await read("mem://day/tue#eve")).toEqual([
      { uri: "mem://day/tue#eve", blob: "/w==" },
    ]);
    expect(reads).toEqual([
      { uri: "mem://live", template: null, params: {} },
      {
        uri: "mem://day/tue#eve",
        template: "mem://day/{day}{#part}",
        params: { day: "tue", part: "eve" },
      },
    ]);
    await expect(read("mem://other")).rejects.toMatchObject({ code: -32602 });
  });

  it("completes from a declared enum, else from the runtime", async () => {
    const client = await connect(
      server(line, {
        complete: async (request) => [
          `${request.argument.name}:${request.argument.value}`,
        ],
      }),
    );
    const values = async (ref: object, name: string, value: string) =>
      (await client.complete({ ref: ref as never, argument: { name, value } }))
        .completion.values;
    expect(
      await values({ type: "ref/prompt", name: "greet" }, "mood", "g"),
    ).toEqual(["glad", "grim"]);
    expect(
      await values({ type: "ref/prompt", name: "greet" }, "who", "a"),
    ).toEqual(["who:a"]);
    expect(
      await values(
        { type: "ref/resource", uri: "mem://day/{day}{#part}" },
        "day",
        "",
      ),
    ).toEqual(["mon", "tue"]);
  });

  it("sends an update for a subscribed uri only, and stops the runtime's watch when none is left", async () => {
    let updated: (uri: string) => void = () => {};
    let watching = 0;
    const client = await connect(
      server(line, {
        resources: {
          read: async () => "x",
          watch: (fn) => {
            updated = fn;
            watching++;
            return () => void watching--;
          },
        },
      }),
    );
    const heard: string[] = [];
    client.setNotificationHandler(
      ResourceUpdatedNotificationSchema,
      (n) => void heard.push(n.params.uri),
    );
    expect(client.getServerCapabilities()?.resources).toEqual({
      subscribe: true,
    });
    await client.subscribeResource({ uri: "mem://live" });
    await client.subscribeResource({ uri: "mem://fixed" });
    expect(watching).toBe(1);
    updated("mem://live");
    updated("mem://elsewhere");
    await client.listPrompts();
    expect(heard).toEqual(["mem://live"]);
    await client.unsubscribeResource({ uri: "mem://live" });
    expect(watching).toBe(1);
    await client.unsubscribeResource({ uri: "mem://fixed" });
    expect(watching).toBe(0);
  });

  it("stops the runtime's watch once the server is closed", async () => {
    let updated: (uri: string) => void = () => {};
    let watching = 0;
    const client = await connect(
      server(line, {
        resources: {
          read: async () => "x",
          watch: (fn) => {
            updated = fn;
            watching++;
            return () => void watching--;
          },
        },
      }),
    );
    await client.subscribeResource({ uri: "mem://live" });
    expect(watching).toBe(1);
    await client.close();
    updated("mem://live");
    expect(watching).toBe(0);
  });

  it("offers no subscription where no stream outlives a request", async () => {
    const client = await connect(server(line, {}, false));
    expect(client.getServerCapabilities()?.resources).toEqual({});
    await expect(
      client.subscribeResource({ uri: "mem://live" }),
    ).rejects.toThrow();
  });
});
