import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LocalHandler } from "../../../runtime/shared/handler.js";
import {
  installPlatformFixture,
  type FixtureClient,
  type FixtureClientPackage,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import { platformFixturePath, readSpec } from "../../helpers/reference-spec.js";
import {
  scriptedModel,
  toolResults,
  type MockModelClass,
  type Step,
} from "./scripted-model.js";

/** The parts of the `ai` package these tests use, the same in ai 6 and ai 7. */
export interface AiSdk {
  generateText(options: {
    model: object;
    tools: object;
    prompt: string;
    stopWhen: unknown;
  }): Promise<{
    text: string;
    steps: { toolResults: { output: unknown }[] }[];
  }>;
  stepCountIs(count: number): unknown;
  Mock: MockModelClass;
}

type CreateTools = (options: {
  client: FixtureClient;
  handlers?: Record<string, LocalHandler>;
  names?: readonly string[];
}) => Record<string, { description?: string }>;

const TOKENS = { primary: "tok-primary-1f2e", second: "tok-second-9a8b" };

/**
 * The generated AI SDK package of the platform fixture, driven by `generateText` and the SDK's
 * own mock model against the fake platform on 127.0.0.1. `links` points `ai` at the version
 * under test; `load` imports that version.
 */
export function aiSdkSuite(o: {
  links?: Record<string, string>;
  load: () => Promise<AiSdk>;
}): void {
  const spec = readSpec(platformFixturePath);
  let fixture: PlatformFixture;
  let server: PlatformServer;
  let client: FixtureClient;
  let createTools: CreateTools;
  let sdk: AiSdk;
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
    sdk = await o.load();
    fixture = installPlatformFixture(platformFixturePath, {
      links: o.links ?? {},
    });
    server = await startPlatform();
    const { createClient } = await fixture.load<FixtureClientPackage>(
      "@molecule/platform-client",
    );
    client = createClient({
      baseUrl: server.url,
      workspaces: [
        { id: "ws-primary", token: TOKENS.primary },
        { id: "ws-second", token: TOKENS.second },
      ],
    });
    ({ createTools } = await fixture.load<{ createTools: CreateTools }>(
      "@molecule/platform-ai-sdk",
    ));
  });
  afterAll(async () => {
    await server?.close();
    fixture?.remove();
  });
  beforeEach(() => {
    server.reset();
    handled = [];
  });

  const run = async (steps: Step[], names?: string[]) => {
    const { model, calls } = scriptedModel(sdk.Mock, steps);
    const result = await sdk.generateText({
      model,
      tools: createTools({ client, handlers, ...(names ? { names } : {}) }),
      prompt: "Do what the script says.",
      stopWhen: sdk.stepCountIs(steps.length),
    });
    return { result, calls };
  };

  describe("generateText with the generated tools", () => {
    it("offers the model every spec tool with its short description and input schema", async () => {
      const { calls } = await run([{ text: "nothing to do" }]);
      expect(
        calls[0]!.tools!.map((t) => [t.name, t.description, t.inputSchema]),
      ).toEqual(spec.tools.map((t) => [t.name, t.short, t.input]));
    });

    it("runs a tool call on the platform and feeds the answer back to the model", async () => {
      const stored = { id: "mem-1", stored: true };
      server.otherwise(() => ({ status: 201, body: stored }));
      const fact = "The deploy key rotates weekly.";
      const { result, calls } = await run([
        {
          calls: [
            {
              id: "call-1",
              name: "commit_memory",
              input: JSON.stringify({
                content: fact,
                source_workspace_id: "ws-second",
              }),
            },
          ],
        },
        { text: "Saved." },
      ]);

      expect(result.text).toBe("Saved.");
      expect(server.requests).toHaveLength(1);
      const [seen] = server.requests;
      expect([seen!.method, seen!.path]).toEqual([
        "POST",
        "/workspaces/ws-second/memories",
      ]);
      expect(seen!.authorization).toBe(`Bearer ${TOKENS.second}`);
      // scope was left out: the schema's default is what the platform gets.
      const scope = (
        spec.tools.find((t) => t.name === "commit_memory")!.input as {
          properties: { scope: { default: string } };
        }
      ).properties.scope.default;
      expect(seen!.body).toEqual({
        content: fact,
        scope,
        workspace_id: "ws-second",
      });
      expect(result.steps[0]!.toolResults.map((r) => r.output)).toEqual([
        stored,
      ]);
      expect(toolResults(calls[1]!)).toEqual([
        {
          type: "tool-result",
          toolCallId: "call-1",
          toolName: "commit_memory",
          output: { type: "json", value: stored },
        },
      ]);
    });

    it("gives the model a refusal of the platform as a tool error with the HTTP status", async () => {
      server.otherwise(() => ({
        status: 404,
        body: { error: "no delegation d-9" },
      }));
      const { calls } = await run([
        {
          calls: [
            {
              id: "call-2",
              name: "check_task_status",
              input: JSON.stringify({ workspace_id: "peer", task_id: "d-9" }),
            },
          ],
        },
        { text: "It is gone." },
      ]);
      const [fed] = toolResults(calls[1]!);
      expect(fed!.output.type).toBe("error-text");
      // ai 7 puts the error's class name before its message ("Error: …"); ai 6 does not.
      expect(fed!.output.value).toMatch(
        /^(Error: )?Error from check_task_status \(HTTP 404\): .*no delegation d-9/,
      );
    });

    it("refuses input that does not fit the schema before anything is sent", async () => {
      const { calls } = await run([
        { calls: [{ id: "call-3", name: "commit_memory", input: "{}" }] },
        { text: "Oops." },
      ]);
      expect(server.requests).toEqual([]);
      const [fed] = toolResults(calls[1]!);
      expect(fed!.output.type).toBe("error-text");
      // The client package's validator names what is wrong: the spec's one required input.
      const [required] = (
        spec.tools.find((t) => t.name === "commit_memory")!.input as {
          required: string[];
        }
      ).required;
      expect(fed!.output.value).toContain(required);
    });

    it("answers a local tool with the consumer's handler, sending nothing", async () => {
      const local = spec.tools.find((t) => t.local)!;
      const input = sampleInput(local.input);
      const { calls } = await run(
        [
          {
            calls: [
              { id: "call-4", name: local.name, input: JSON.stringify(input) },
            ],
          },
          { text: "Done." },
        ],
        [local.name],
      );
      expect(server.requests).toEqual([]);
      expect(handled.map((h) => [h.tool, h.input])).toEqual([
        [local.name, expect.objectContaining(input)],
      ]);
      expect((handled[0]!.ctx as { client: unknown }).client).toBe(client);
      expect(toolResults(calls[1]!)[0]!.output).toEqual({
        type: "json",
        value: { handledBy: local.name },
      });
    });
  });

  describe("createTools", () => {
    it("gives only the named tools, and refuses a name the spec does not have", () => {
      const [first, second] = spec.tools.filter((t) => !t.local);
      expect(
        Object.keys(
          createTools({ client, names: [second!.name, first!.name] }),
        ),
      ).toEqual([first!.name, second!.name]);
      expect(() => createTools({ client, names: ["no_such_tool"] })).toThrow(
        "createTools: unknown tool 'no_such_tool'",
      );
    });

    it("refuses to give a local tool without its handler", () => {
      const local = spec.tools.find((t) => t.local)!;
      expect(() => createTools({ client, names: [local.name] })).toThrow(
        `createTools: no handler for the local tool '${local.name}'`,
      );
    });
  });
}

/** An input that fits a flat object schema: each required property with a value of its type. */
function sampleInput(schema: Record<string, unknown>): Record<string, unknown> {
  const { properties = {}, required = [] } = schema as {
    properties?: Record<string, { type?: string; enum?: unknown[] }>;
    required?: string[];
  };
  const sample = (p: { type?: string; enum?: unknown[] } | undefined) =>
    p?.enum?.[0] ??
    ({ integer: 1, number: 1, boolean: true, array: [], object: {} } as const)[
      p?.type as "integer"
    ] ??
    "sample text";
  return Object.fromEntries(required.map((k) => [k, sample(properties[k])]));
}
