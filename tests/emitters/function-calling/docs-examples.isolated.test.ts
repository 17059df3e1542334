import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import { platformFixturePath } from "../../helpers/reference-spec.js";
import { docExamples } from "../../helpers/doc-examples.js";
import {
  scriptedModel,
  toolResults,
  type MockModelClass,
} from "../ai-sdk/scripted-model.js";
import { anthropicContent, chatMessage } from "./payloads.js";
import { parse } from "yaml";

// The examples of the AI SDK and function-calling pages, docs/packages/ai-sdk.md and
// docs/packages/function-calling.md (```js blocks marked
// `<!-- example: <name> -->`), run as written against the platform fixture's packages, which
// carry the reference spec's names, with the environment createClientFromEnv reads pointing
// at the fake platform. The models are the AI SDK's mock and scripted stand-ins for the
// providers' clients answering recorded payloads.

type Ask = (
  model: unknown,
  prompt: string,
  handlers?: object,
) => Promise<unknown>;

const spec = parse(fs.readFileSync(platformFixturePath, "utf8")) as {
  targets: { client: { env: Record<string, string> } };
};
const PAGES = ["docs/packages/ai-sdk.md", "docs/packages/function-calling.md"];
const TOKEN = "tok-docs-77aa";
let fixture: PlatformFixture;
let server: PlatformServer;
const saved = { ...process.env };

async function load(name: string): Promise<Ask> {
  const code = docExamples(...PAGES).get(name);
  expect(
    code,
    `${PAGES.join(" and ")} have no example "${name}"`,
  ).toBeDefined();
  const file = path.join(fixture.consumer.dir, `example-${name}.mjs`);
  fs.writeFileSync(file, code!);
  return ((await import(pathToFileURL(file).href)) as { ask: Ask }).ask;
}

beforeAll(async () => {
  fixture = installPlatformFixture();
  server = await startPlatform();
  const env = spec.targets.client.env;
  process.env[env.base_url!] = server.url;
  process.env[env.workspace_id!] = "ws-primary";
  process.env[env.token!] = TOKEN;
  delete process.env[env.workspaces!];
});
afterAll(async () => {
  process.env = saved;
  await server?.close();
  fixture?.remove();
});
beforeEach(() => server.reset());

/** A stand-in for a provider's client: answers each create() with the next reply, records the params. */
function scripted<T>(replies: T[]) {
  const params: { messages: unknown[]; tools: unknown }[] = [];
  const create = async (p: { messages: unknown[]; tools: unknown }) => {
    params.push({ ...p, messages: [...p.messages] });
    return replies[params.length - 1];
  };
  return { create, params };
}

describe("the examples of the AI SDK and function-calling pages run as written", () => {
  it("ai-sdk: generateText calls a tool on the platform", async () => {
    server.otherwise(() => ({ status: 201, body: { id: "mem-1" } }));
    const ask = await load("ai-sdk");
    const { model, calls } = scriptedModel(
      MockLanguageModelV3 as unknown as MockModelClass,
      [
        {
          calls: [
            { id: "c1", name: "commit_memory", input: '{"content":"fact"}' },
          ],
        },
        { text: "Saved." },
      ],
    );
    expect(await ask(model, "Remember this fact.")).toBe("Saved.");
    expect(
      server.requests.map((r) => [r.method, r.path, r.authorization]),
    ).toEqual([["POST", "/workspaces/ws-primary/memories", `Bearer ${TOKEN}`]]);
    expect(toolResults(calls[1]!)[0]!.output).toEqual({
      type: "json",
      value: { id: "mem-1" },
    });
  });

  it("openai: a Chat Completions loop dispatches the tool calls", async () => {
    server.otherwise(() => ({ status: 200, body: "still running" }));
    const ask = await load("openai");
    const { openaiChatTools } = await fixture.load<{
      openaiChatTools: unknown;
    }>("@molecule/platform-function-calling");
    const { create, params } = scripted([
      { choices: [{ message: chatMessage }] },
      {
        choices: [
          { message: { role: "assistant", content: "It is still running." } },
        ],
      },
    ]);
    expect(
      await ask({ chat: { completions: { create } } }, "Status?", {}),
    ).toBe("It is still running.");
    expect(params[0]!.tools).toBe(openaiChatTools);
    expect(params[1]!.messages.at(-1)).toEqual({
      role: "tool",
      tool_call_id: chatMessage.tool_calls[0]!.id,
      content: "still running",
    });
    expect(server.requests.map((r) => r.path)).toEqual([
      "/workspaces/ws-primary/delegations",
    ]);
  });

  it("anthropic: a Messages loop dispatches the tool_use blocks", async () => {
    server.otherwise(() => ({
      status: 200,
      body: [{ content: "rotate weekly" }],
    }));
    const ask = await load("anthropic");
    const { create, params } = scripted([
      { content: anthropicContent },
      { content: [{ type: "text", text: "Weekly." }] },
    ]);
    expect(await ask({ messages: { create } }, "How often?", {})).toBe(
      "Weekly.",
    );
    expect(params[1]!.messages.at(-1)).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_01",
          content: JSON.stringify([{ content: "rotate weekly" }]),
          is_error: false,
        },
      ],
    });
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([
      ["GET", "/workspaces/ws-primary/memories"],
    ]);
  });
});
