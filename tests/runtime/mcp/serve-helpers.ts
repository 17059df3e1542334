import { Ajv } from "ajv";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "../../../runtime/mcp/mcp-types.js";
import { afterEach, expect } from "vitest";
import type {
  LocalHandler,
  PlatformCaller,
} from "../../../runtime/shared/handler.js";
import { createDefaultsFiller } from "../../../runtime/client/defaults.js";
import type { ToolTable } from "../../../runtime/mcp/table.js";
import { importSdks } from "../../../runtime/mcp/sdk.js";

/** Both SDK lines, as the generated index.js loads them (the repository installs both). */
export const sdks = await importSdks("test", {
  v2: () =>
    Promise.all([
      import("@modelcontextprotocol/server"),
      import("@modelcontextprotocol/server/stdio"),
    ]),
  v1: () =>
    Promise.all([
      import("@modelcontextprotocol/sdk/server/index.js"),
      import("@modelcontextprotocol/sdk/server/stdio.js"),
      import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
      import("@modelcontextprotocol/sdk/types.js"),
    ]),
});

// What the serve-*.test.ts share: a small tool table, a recording platform, and MCP clients
// connected in memory (closed after each test). They test the wiring alone, over the real SDK
// client and server: the platform side is a recorder here, the generated package's tests
// (tests/emitters/mcp) run it against the real client and HTTP.

export const tools: Tool[] = [
  {
    name: "save",
    description: "Save a fact.",
    inputSchema: {
      type: "object",
      properties: {
        content: { type: "string" },
        scope: { type: "string", enum: ["LOCAL", "TEAM"], default: "LOCAL" },
      },
      required: ["content"],
    },
  },
  {
    name: "whoami",
    description: "Say who you are.",
    inputSchema: {
      type: "object",
      properties: { detail: { type: "string", default: "short" } },
    },
  },
];

export function table(): ToolTable {
  const ajv = new Ajv({ allErrors: true });
  const validators = new Map(
    tools.map((t) => [t.name, ajv.compile(t.inputSchema)]),
  );
  return {
    server: {
      name: "test-server",
      version: "1.2.3",
      bin: "test-mcp",
      environment: {
        baseUrl: "U",
        workspaceId: "W",
        token: "T",
        workspaces: "WS",
      },
      instructions: null,
      httpTokenEnv: null,
    },
    tools,
    local: ["whoami"],
    renamed: { remember: "save" },
    validate: (name, input) => {
      const validate = validators.get(name)!;
      return validate(input)
        ? []
        : validate.errors!.map(
            (e) => `${e.instancePath || "input"} ${e.message}`,
          );
    },
    validateOutput: () => [],
    structured: new Set(),
    // The client package's own, as the generated index.js passes it in.
    withDefaults: createDefaultsFiller(
      new Map(tools.map((t) => [t.name, t.inputSchema])),
    ) as ToolTable["withDefaults"],
    sdks,
  };
}

interface Recorded {
  name: string;
  input: object;
  signal: AbortSignal | undefined;
}

/** Records every platform call and answers with what the test chose. */
export function recorder(
  answer: (name: string, input: object) => Promise<unknown>,
): PlatformCaller & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  return {
    calls,
    $call: (name, input, options) => {
      calls.push({ name, input, signal: options?.signal });
      return answer(name, input);
    },
  };
}

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** A server of either SDK line, connected to a v1 client in memory. */
export async function connect(server: {
  connect(transport: unknown): Promise<void>;
}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "0.0.0" });
  await client.connect(clientSide);
  open.push(client);
  return client;
}

export const whoami: LocalHandler = async () => "an agent";

export function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content as { type: string; text: string }[];
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe("text");
  return content[0]!.text;
}
