import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { PlatformCaller } from "../../../runtime/shared/handler.js";
import type { ClientConfig } from "../../../runtime/client/index.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import { fixtures, repoRoot } from "../../helpers/project.js";

// Titles, hints, output schemas and instructions (issue 24), through the packages generated
// from tests/fixtures/valid/results/tools.yaml, imported by name, served to the real SDK client
// over the in-memory transport, calling the fake platform over real HTTP.

const specPath = path.join(fixtures, "valid/results/tools.yaml");
interface SpecTool {
  name: string;
  title?: string;
  annotations?: Record<string, unknown>;
  output?: object;
  mcp?: {
    icons?: {
      src: string;
      mime_type?: string;
      sizes?: string[];
      theme?: string;
    }[];
    meta?: object;
    execution?: { task_support: string };
  };
}
const spec = parse(fs.readFileSync(specPath, "utf8")) as { tools: SpecTool[] };
const outputOf = (name: string) => spec.tools.find((t) => t.name === name)!;

const fixture = installPlatformFixture(specPath);
afterAll(() => fixture.remove());
const { createClient } = await fixture.load<{
  createClient(config: ClientConfig): PlatformCaller;
}>("@shop/client");
const mcpPackage = await fixture.load<{
  tools: readonly Tool[];
  instructions: string | undefined;
  createServer(options: object): Server;
}>("@shop/mcp");
const { mcpPrompt } = await fixture.load<{ mcpPrompt: string }>(
  "@shop/prompts",
);

let platform: PlatformServer;
let client: PlatformCaller;
let summary: () => unknown = () => ({ summary: "2 items" });
const handlers = { summarize_cart: async () => summary() };

beforeAll(async () => {
  platform = await startPlatform();
  client = createClient({
    baseUrl: platform.url,
    workspaces: [{ id: "ws", token: "tok-results-1" }],
  });
});
afterAll(() => platform.close());

const open: Client[] = [];
afterEach(async () => {
  platform.reset();
  summary = () => ({ summary: "2 items" });
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(options: object = {}): Promise<Client> {
  const server = mcpPackage.createServer({ client, handlers, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: "agent", version: "0.0.0" });
  await mcp.connect(clientSide);
  open.push(mcp);
  return mcp;
}

type Result = Awaited<ReturnType<Client["callTool"]>>;
function text(result: Result): string {
  const content = result.content as { type: string; text: string }[];
  expect(content.map((c) => c.type)).toEqual(["text"]);
  return content[0]!.text;
}

const order = {
  id: "o-1",
  total: 1250,
  status: "paid",
  items: [{ sku: "tea", quantity: 2 }],
};

describe("tools/list", () => {
  // The hints each tool must carry, by the rule of docs/spec.md: a declared hint as declared; GET
  // read-only; PUT idempotent; DELETE destructive and idempotent; nothing else derived.
  const hints: Record<string, NonNullable<Tool["annotations"]>> = {
    get_order: { readOnlyHint: true },
    search_orders: { readOnlyHint: true, openWorldHint: false },
    place_order: {},
    replace_note: { destructiveHint: false, idempotentHint: true },
    cancel_order: { destructiveHint: true, idempotentHint: false },
    summarize_cart: {},
  };
  /**
   * What the spec declares besides: the title and the annotations' title each only where
   * declared, never copied into the other; icons, _meta and execution as written, in MCP's names.
   */
  const declared = (t: SpecTool): Partial<Tool> => {
    // The title and other annotations (camelCase keys) as written, in the spec's order.
    const hintKeys = ["read_only", "destructive", "idempotent", "open_world"];
    const written = Object.entries(t.annotations ?? {}).filter(
      ([key]) => !hintKeys.includes(key),
    );
    const annotations = { ...Object.fromEntries(written), ...hints[t.name] };
    const { icons, meta, execution } = t.mcp ?? {};
    return {
      ...(t.title === undefined ? {} : { title: t.title }),
      ...(Object.keys(annotations).length === 0 ? {} : { annotations }),
      ...(execution === undefined
        ? {}
        : { execution: { taskSupport: execution.task_support } }),
      ...(icons === undefined
        ? {}
        : {
            icons: icons.map(({ mime_type, ...icon }) => ({
              ...icon,
              ...(mime_type === undefined ? {} : { mimeType: mime_type }),
            })),
          }),
      ...(meta === undefined ? {} : { _meta: meta }),
    } as Partial<Tool>;
  };

  it("has tools of each kind in its fixture: a title alone, an annotations title alone, both, another annotation, and icons", () => {
    expect(
      spec.tools.some((t) => Object.hasOwn(t.annotations ?? {}, "category")),
    ).toBe(true);
    expect(spec.tools.some((t) => t.title && !t.annotations?.title)).toBe(true);
    expect(spec.tools.some((t) => !t.title && t.annotations?.title)).toBe(true);
    expect(spec.tools.some((t) => t.title && t.annotations?.title)).toBe(true);
    expect(spec.tools.some((t) => t.mcp?.icons && t.mcp.meta)).toBe(true);
  });

  it("carries each tool's title, hints and output schema as the spec gives or derives them", () => {
    // What the server sends (the next test holds a real client to it).
    const tools = mcpPackage.tools;
    expect(tools.map((t) => t.name)).toEqual(spec.tools.map((t) => t.name));
    for (const tool of tools) {
      const { output } = outputOf(tool.name);
      expect(tool, tool.name).toEqual({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...declared(outputOf(tool.name)),
        ...(output === undefined ? {} : { outputSchema: output }),
      });
    }
  });

  it("lists the same table the package exports, keys in a fixed order", async () => {
    const mcp = await connect();
    const { tools } = await mcp.listTools();
    // Equal as data: the SDK client's parser puts icons after the name, whatever the wire's
    // order, and keeps only the annotations MCP defines (another is the client's to read).
    const known = new Set([
      "title",
      "readOnlyHint",
      "destructiveHint",
      "idempotentHint",
      "openWorldHint",
    ]);
    expect(tools).toEqual(
      mcpPackage.tools.map((t) =>
        t.annotations === undefined
          ? t
          : {
              ...t,
              annotations: Object.fromEntries(
                Object.entries(t.annotations).filter(([k]) => known.has(k)),
              ),
            },
      ),
    );
    // The MCP SDK's own server's order, so that a server moved onto toolgen lists alike.
    expect(Object.keys(mcpPackage.tools[0]!)).toEqual([
      "name",
      "title",
      "description",
      "inputSchema",
      "annotations",
      "outputSchema",
    ]);
    const cart = mcpPackage.tools.find((t) => t.name === "summarize_cart")!;
    expect(Object.keys(cart)).toEqual([
      "name",
      "icons",
      "description",
      "inputSchema",
      "annotations",
      "execution",
      "_meta",
      "outputSchema",
    ]);
  });
});

describe("a call of a tool with an output schema", () => {
  it("returns the platform's answer as structuredContent and the same JSON as text", async () => {
    platform.answer("GET /orders/o-1", { body: order });
    const mcp = await connect();
    const result = await mcp.callTool({
      name: "get_order",
      arguments: { order_id: "o-1" },
    });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(order);
    expect(JSON.parse(text(result))).toEqual(order);
  });

  it("answers with an isError result saying where an answer does not fit the schema", async () => {
    platform.answer("GET /orders/o-1", {
      body: { ...order, total: "12.50", items: [{ sku: "tea", quantity: 0 }] },
    });
    const mcp = await connect();
    const result = await mcp.callTool({
      name: "get_order",
      arguments: { order_id: "o-1" },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const expected = [
      "The result of get_order does not fit its output schema:",
      "- /items/0/quantity: must be 1 or more",
      "- /total: must be a number",
    ].join("\n");
    expect(text(result)).toBe(expected);
    // docs/packages/mcp.md shows this very answer.
    const page = fs.readFileSync(
      path.join(repoRoot, "docs/packages/mcp.md"),
      "utf8",
    );
    expect(page).toContain(`\n\`\`\`\n${expected}\n\`\`\`\n`);
  });

  it("names a missing field and a result that is no object at all", async () => {
    platform.answer("GET /orders/o-1", { body: { id: "o-1", total: 3 } });
    platform.answer("GET /orders/o-2", { body: [order] });
    const mcp = await connect();
    const missing = await mcp.callTool({
      name: "get_order",
      arguments: { order_id: "o-1" },
    });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('- /: "items" is required');
    const list = await mcp.callTool({
      name: "get_order",
      arguments: { order_id: "o-2" },
    });
    expect(list.isError).toBe(true);
    expect(text(list)).toContain("- /: must be an object");
  });

  it("checks a local handler's result the same way", async () => {
    const mcp = await connect();
    const fits = await mcp.callTool({ name: "summarize_cart", arguments: {} });
    expect(fits.structuredContent).toEqual({ summary: "2 items" });
    summary = () => "2 items";
    const wrong = await mcp.callTool({ name: "summarize_cart", arguments: {} });
    expect(wrong.isError).toBe(true);
    expect(text(wrong)).toBe(
      "The result of summarize_cart does not fit its output schema:\n- /: must be an object",
    );
  });

  it("still reports the platform's own error, not a schema complaint, when the call fails", async () => {
    platform.answer("GET /orders/o-9", {
      status: 404,
      body: { error: "no order o-9" },
    });
    const mcp = await connect();
    const result = await mcp.callTool({
      name: "get_order",
      arguments: { order_id: "o-9" },
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("no order o-9");
    expect(text(result)).not.toContain("output schema");
  });

  it("leaves a tool without an output schema as it was: text only", async () => {
    platform.answer("POST /orders", { body: { id: "o-2" } });
    const mcp = await connect();
    const result = await mcp.callTool({
      name: "place_order",
      arguments: { sku: "tea" },
    });
    expect(result.structuredContent).toBeUndefined();
    expect(text(result)).toBe(JSON.stringify({ id: "o-2" }, null, 2));
  });
});

describe("instructions", () => {
  it("exports the docs package's MCP prompt, which createServer sends when given it", async () => {
    expect(mcpPackage.instructions).toBe(mcpPrompt);
    const mcp = await connect({ instructions: mcpPackage.instructions });
    expect(mcp.getInstructions()).toBe(mcpPrompt);
  });

  it("sends none unless given", async () => {
    const mcp = await connect();
    expect(mcp.getInstructions()).toBeUndefined();
  });
});
