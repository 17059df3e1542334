import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installPlatformFixture } from "../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../helpers/platform-server.js";
import { spec, specPath, tool, type SpecTool } from "./views-spec.js";

// The per-target views of the AI SDK tools and the provider function definitions
// (tests/fixtures/views/tools.yaml's `ai_sdk:` and `function_calling:` blocks): each shows its
// own description, several lines kept whole, and never offers nor sends the inputs it hides.
// What each must show is read from the fixture spec, never from generated code.

const fixture = installPlatformFixture(specPath);
afterAll(() => fixture.remove());
let platform: PlatformServer;
const env = {
  PLATFORM_URL: "",
  WORKSPACE_ID: "ws-self",
  WORKSPACE_TOKEN: "tok-self",
};
beforeAll(async () => {
  platform = await startPlatform();
  env.PLATFORM_URL = platform.url;
});
afterAll(() => platform.close());
beforeEach(() => {
  platform.reset();
  platform.otherwise({ body: { ok: true } });
});

const client = async () => {
  const { createClientFromEnv } = await fixture.load<{
    createClientFromEnv(env: object): unknown;
  }>("@a2a/platform-client");
  return createClientFromEnv(env);
};

/** The inputs a view offers: the tool's own, less those it hides, in the schema's order. */
const shown = (t: SpecTool, hide: readonly string[] = []) =>
  Object.keys(t.input.properties).filter((name) => !hide.includes(name));

/** commit_memory with its hidden scope set to a value other than its default. */
function memoryCall() {
  const memory = tool("commit_memory");
  const scope = memory.input.properties.scope as {
    default: string;
    enum: string[];
  };
  const other = scope.enum.find((v) => v !== scope.default)!;
  return {
    name: memory.name,
    input: { content: "a fact", scope: other },
    sent: { content: "a fact", scope: scope.default },
  };
}

it("the fixture gives some view a description of several lines", () => {
  const texts = spec.tools.flatMap((t) => [
    t.ai_sdk?.description,
    t.function_calling?.description,
  ]);
  expect(texts.some((text) => text?.includes("\n"))).toBe(true);
});

describe("the AI SDK tools", () => {
  type AiTool = {
    description: string;
    inputSchema: {
      jsonSchema: { properties: Record<string, unknown> };
      validate(value: unknown): Promise<{ success: boolean; value?: unknown }>;
    };
    execute(input: unknown, options: object): Promise<unknown>;
  };
  const tools = async () => {
    const { createTools } = await fixture.load<{
      createTools(o: object): Record<string, AiTool>;
    }>("@a2a/platform-ai-sdk");
    return createTools({ client: await client() });
  };

  it("carry their own descriptions, whole, and leave out the inputs they hide", async () => {
    const all = await tools();
    expect(Object.keys(all)).toEqual(spec.tools.map((t) => t.name));
    for (const [name, t] of Object.entries(all)) {
      const own = tool(name);
      expect(t.description).toBe(own.ai_sdk?.description ?? own.short);
      const schema = await t.inputSchema.jsonSchema;
      expect(Object.keys(schema.properties)).toEqual(
        shown(own, own.ai_sdk?.hide),
      );
    }
  });

  it("never send a hidden input the model gave: its schema default applies", async () => {
    const call = memoryCall();
    const t = (await tools())[call.name]!;
    // As the SDK runs a tool call: the schema's validation first, then execute on its value.
    const checked = await t.inputSchema.validate(call.input);
    expect(checked.success).toBe(true);
    await t.execute(checked.value, { toolCallId: "c1", messages: [] });
    expect(platform.requests.map((r) => r.body)).toEqual([call.sent]);
  });
});

describe("the function definitions", () => {
  type Definitions = {
    openaiResponsesTools: {
      name: string;
      description: string;
      parameters: object;
    }[];
    openaiChatTools: {
      function: { name: string; description: string; parameters: object };
    }[];
    anthropicTools: {
      name: string;
      description: string;
      input_schema: object;
    }[];
    dispatchResult(
      name: string,
      args: unknown,
      options: object,
    ): Promise<{ text: string; isError: boolean }>;
  };
  const load = () =>
    fixture.load<Definitions>("@a2a/platform-function-calling");
  const properties = (schema: object) =>
    Object.keys((schema as { properties: object }).properties);

  it("carry the function-calling view's description, whole, and leave out the inputs it hides", async () => {
    const fc = await load();
    const definitions = [
      ...fc.openaiResponsesTools.map(
        (d) => [d.name, d.description, d.parameters] as const,
      ),
      ...fc.openaiChatTools.map(
        ({ function: f }) => [f.name, f.description, f.parameters] as const,
      ),
      ...fc.anthropicTools.map(
        (d) => [d.name, d.description, d.input_schema] as const,
      ),
    ];
    expect(definitions).toHaveLength(3 * spec.tools.length);
    for (const [name, description, schema] of definitions) {
      const own = tool(name);
      expect(description).toBe(own.function_calling?.description ?? own.short);
      expect(properties(schema)).toEqual(
        shown(own, own.function_calling?.hide),
      );
    }
  });

  it("dispatch never sends a hidden input the model gave: its schema default applies", async () => {
    const call = memoryCall();
    const { dispatchResult } = await load();
    const result = await dispatchResult(call.name, JSON.stringify(call.input), {
      client: await client(),
    });
    expect(result.isError).toBe(false);
    expect(platform.requests.map((r) => r.body)).toEqual([call.sent]);
  });
});
