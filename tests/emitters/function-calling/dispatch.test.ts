import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LocalHandler } from "../../../runtime/shared/handler.js";
import { toolResult } from "../../../runtime/shared/tool-result.js";
import {
  installPlatformFixture,
  type FixtureClient,
  type FixtureClientPackage,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
  type Seen,
} from "../../helpers/platform-server.js";
import { platformFixturePath, readSpec } from "../../helpers/reference-spec.js";
import {
  anthropicContent,
  anthropicReply,
  chatMessage,
  chatReply,
  responsesOutput,
  responsesReply,
} from "./payloads.js";

// The generated function-calling package of the platform fixture: its definitions, and dispatch
// running each provider's tool calls (payloads.ts) against the fake platform on 127.0.0.1.

interface Definitions {
  openaiResponsesTools: {
    type: string;
    name: string;
    description: string;
    parameters: unknown;
    strict: boolean;
  }[];
  openaiChatTools: {
    type: string;
    function: { name: string; description: string; parameters: unknown };
  }[];
  anthropicTools: {
    name: string;
    description: string;
    input_schema: unknown;
  }[];
}
interface Options {
  client: FixtureClient;
  handlers?: Record<string, LocalHandler | undefined>;
  signal?: AbortSignal;
}
type Dispatch = (name: string, args: unknown, o: Options) => Promise<string>;
type DispatchResult = (
  name: string,
  args: unknown,
  o: Options,
) => Promise<{ text: string; isError: boolean }>;

const spec = readSpec(platformFixturePath);
const TOKENS = { primary: "tok-primary-1f2e", second: "tok-second-9a8b" };
let fixture: PlatformFixture;
let server: PlatformServer;
let client: FixtureClient;
let pkg: Definitions & { dispatch: Dispatch; dispatchResult: DispatchResult };
let PlatformError: FixtureClientPackage["PlatformError"];
let handled: { tool: string; input: unknown; ctx: unknown }[] = [];
const handlers = Object.fromEntries(
  spec.tools
    .filter((t) => t.local)
    .map((t): [string, LocalHandler] => [
      t.name,
      async (input: never, ctx) => {
        handled.push({ tool: t.name, input, ctx });
        return { handledBy: t.name };
      },
    ]),
);

beforeAll(async () => {
  fixture = installPlatformFixture();
  server = await startPlatform();
  const clientPackage = await fixture.load<FixtureClientPackage>(
    "@molecule/platform-client",
  );
  PlatformError = clientPackage.PlatformError;
  client = clientPackage.createClient({
    baseUrl: server.url,
    workspaces: [
      { id: "ws-primary", token: TOKENS.primary },
      { id: "ws-second", token: TOKENS.second },
    ],
  });
  pkg = await fixture.load("@molecule/platform-function-calling");
});
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});
beforeEach(() => {
  server.reset();
  handled = [];
});

/** Method, path, decoded query and token of a request. */
const target = (r: Seen) => [r.method, r.path, r.query, r.authorization];

describe("the definitions", () => {
  it("give every spec tool, in spec order, with its short description and input schema", () => {
    const expected = spec.tools.map((t) => [t.name, t.short, t.input]);
    expect(
      pkg.openaiResponsesTools.map((t) => [
        t.name,
        t.description,
        t.parameters,
      ]),
    ).toEqual(expected);
    expect(
      pkg.openaiChatTools.map((t) => [
        t.function.name,
        t.function.description,
        t.function.parameters,
      ]),
    ).toEqual(expected);
    expect(
      pkg.anthropicTools.map((t) => [t.name, t.description, t.input_schema]),
    ).toEqual(expected);
    expect(new Set(pkg.openaiResponsesTools.map((t) => t.type))).toEqual(
      new Set(["function"]),
    );
    // Strict mode would refuse the schemas that leave an input optional.
    expect(pkg.openaiResponsesTools.every((t) => t.strict === false)).toBe(
      true,
    );
    expect(new Set(pkg.openaiChatTools.map((t) => t.type))).toEqual(
      new Set(["function"]),
    );
  });

  it("hold their own copies of the schemas: changing one changes no other", () => {
    const [first] = pkg.anthropicTools;
    (first!.input_schema as Record<string, unknown>).title = "changed";
    expect(pkg.openaiChatTools[0]!.function.parameters).toEqual(
      spec.tools[0]!.input,
    );
    delete (first!.input_schema as Record<string, unknown>).title;
  });
});

describe("dispatch runs each provider's recorded tool calls", () => {
  it("OpenAI Responses: function_call items, arguments as JSON text", async () => {
    const peers = [{ id: "ws-peer", name: "Researcher" }];
    server.answer("GET /registry/ws-primary/peers", { body: peers });
    server.answer("POST /workspaces/ws-second/memories", {
      status: 201,
      body: { id: "mem-1" },
    });
    const replies = [];
    for (const item of responsesOutput)
      if (item.type === "function_call")
        replies.push(
          responsesReply(
            item.call_id,
            await pkg.dispatch(item.name, item.arguments, { client, handlers }),
          ),
        );

    expect(replies).toEqual([
      {
        type: "function_call_output",
        call_id: "call_list",
        output: JSON.stringify(peers),
      },
      {
        type: "function_call_output",
        call_id: "call_commit",
        output: JSON.stringify({ id: "mem-1" }),
      },
    ]);
    expect(server.requests.map(target)).toEqual([
      ["GET", "/registry/ws-primary/peers", {}, `Bearer ${TOKENS.primary}`],
      ["POST", "/workspaces/ws-second/memories", {}, `Bearer ${TOKENS.second}`],
    ]);
    // The schema's default scope is filled in, as every other target does.
    expect(server.requests[1]!.body).toEqual({
      content: "The deploy key rotates weekly.",
      scope: "LOCAL",
      workspace_id: "ws-second",
    });
  });

  it("OpenAI Chat Completions: tool_calls, arguments as JSON text", async () => {
    server.answer("GET /workspaces/ws-primary/delegations", {
      body: "The task is still running.",
    });
    const replies = [];
    for (const call of chatMessage.tool_calls)
      replies.push(
        chatReply(
          call.id,
          await pkg.dispatch(call.function.name, call.function.arguments, {
            client,
            handlers,
          }),
        ),
      );

    // A text answer goes back as it came.
    expect(replies).toEqual([
      {
        role: "tool",
        tool_call_id: "call_status",
        content: "The task is still running.",
      },
    ]);
    expect(server.requests.map(target)).toEqual([
      [
        "GET",
        "/workspaces/ws-primary/delegations",
        { target_id: "peer/one", delegation_id: "d-9" },
        `Bearer ${TOKENS.primary}`,
      ],
    ]);
  });

  it("Anthropic Messages: tool_use blocks, input as an object, is_error on failure", async () => {
    // 500: not one of the statuses the client retries.
    server.answer("GET /workspaces/ws-primary/memories", {
      status: 500,
      body: { error: "memory store is down" },
    });
    const replies = [];
    for (const block of anthropicContent)
      if (block.type === "tool_use") {
        const { text, isError } = await pkg.dispatchResult(
          block.name,
          block.input,
          { client, handlers },
        );
        replies.push(anthropicReply(block.id, text, isError));
      }

    expect(server.requests.map(target)).toEqual([
      [
        "GET",
        "/workspaces/ws-primary/memories",
        { query: "deploy key", scope: "TEAM", workspace_id: "ws-primary" },
        `Bearer ${TOKENS.primary}`,
      ],
    ]);
    expect(replies).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_01",
        content: expect.stringMatching(
          /^Error from recall_memory \(HTTP 500\): .*memory store is down/,
        ),
        is_error: true,
      },
    ]);
  });
});

describe("dispatch answers what went wrong in words a model can act on", () => {
  const renamed = spec.tools.find(
    (t) => (t as { renamed_from?: string[] }).renamed_from,
  )!;
  const oldName = (renamed as unknown as { renamed_from: string[] })
    .renamed_from[0]!;

  it.each([
    [
      "a former name",
      oldName,
      "{}",
      `Error: there is no tool "${oldName}": it was renamed to "${renamed.name}"`,
    ],
    [
      "a near miss",
      "list_peer",
      "{}",
      'Error: there is no tool "list_peer": did you mean "list_peers"?',
    ],
    [
      "a name far from every tool",
      "format_disk",
      "{}",
      `Error: there is no tool "format_disk" (tools: ${spec.tools.map((t) => t.name).join(", ")})`,
    ],
  ])("an unknown tool: %s", async (_, name, args, text) => {
    expect(await pkg.dispatchResult(name, args, { client, handlers })).toEqual({
      text,
      isError: true,
    });
    expect(server.requests).toEqual([]);
  });

  it("arguments that are not JSON, and input that does not fit the schema, are refused before anything is sent", async () => {
    expect(
      await pkg.dispatch("list_peers", '{"source_workspace_id":', { client }),
    ).toBe(
      "Error from list_peers: the arguments are not valid JSON: send the tool's inputs as one JSON object",
    );
    const commit = spec.tools.find((t) => t.name === "commit_memory")!;
    const [required] = (commit.input as { required: string[] }).required;
    const text = await pkg.dispatch("commit_memory", {}, { client });
    expect(text).toMatch(/^Error from commit_memory: invalid input: /);
    expect(text).toContain(required);
    expect(server.requests).toEqual([]);
  });

  it("OpenAI's empty arguments are no arguments", async () => {
    server.otherwise(() => ({ status: 204 }));
    expect(await pkg.dispatch("list_peers", "", { client })).toBe(
      "Done: the call returned no content.",
    );
    expect(server.requests.map(target)).toEqual([
      ["GET", "/registry/ws-primary/peers", {}, `Bearer ${TOKENS.primary}`],
    ]);
  });
});

describe("dispatch of a local tool", () => {
  it("runs the consumer's handler with the input, the client and a signal, sending nothing", async () => {
    const result = await pkg.dispatch(
      "inbox_pop",
      JSON.stringify({ activity_id: "act-5" }),
      { client, handlers },
    );
    expect(JSON.parse(result)).toEqual({ handledBy: "inbox_pop" });
    expect(handled.map((h) => [h.tool, h.input])).toEqual([
      ["inbox_pop", { activity_id: "act-5" }],
    ]);
    const ctx = handled[0]!.ctx as { client: unknown; signal: AbortSignal };
    expect(ctx.client).toBe(client);
    expect(ctx.signal.aborted).toBe(false);
    expect(server.requests).toEqual([]);
  });

  it("answers a handler's client error as text, and throws its bugs and a missing handler", async () => {
    const failing = {
      ...handlers,
      delegate_task: async () => {
        throw new PlatformError(503, "peer is busy", null, "delegate_task");
      },
      inbox_peek: async () => {
        throw new TypeError("handler bug");
      },
    };
    const args = { workspace_id: "peer", task: "t" };
    expect(
      await pkg.dispatchResult("delegate_task", args, {
        client,
        handlers: failing,
      }),
    ).toEqual({
      text: "Error from delegate_task (HTTP 503): peer is busy",
      isError: true,
    });
    await expect(
      pkg.dispatch("inbox_peek", {}, { client, handlers: failing }),
    ).rejects.toThrow("handler bug");
    await expect(pkg.dispatch("inbox_peek", {}, { client })).rejects.toThrow(
      "dispatch: no handler for the local tool 'inbox_peek'",
    );
  });

  it("answers a rich result as text that names each image, with its content beside", async () => {
    const png =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const content = [
      { type: "text" as const, text: "the chart" },
      { type: "image" as const, data: png, mimeType: "image/png" },
    ];
    const rich = {
      ...handlers,
      inbox_peek: async () =>
        toolResult({ content, structuredContent: { n: 1 } }),
    };
    expect(
      await pkg.dispatchResult("inbox_peek", {}, { client, handlers: rich }),
    ).toEqual({
      text: "the chart\n\n[image/png image, 70 bytes, not shown]",
      isError: false,
      content,
      structuredContent: { n: 1 },
    });
    const broken = {
      ...handlers,
      inbox_peek: async () =>
        toolResult({ content: [{ type: "image" } as never] }),
    };
    expect(
      await pkg.dispatchResult("inbox_peek", {}, { client, handlers: broken }),
    ).toMatchObject({
      text: expect.stringContaining("content[0] (image) has no data"),
      isError: true,
    });
  });
});
