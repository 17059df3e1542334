import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../helpers/project.js";
import {
  toolResult,
  type ToolResultInit,
} from "../../../runtime/shared/tool-result.js";

// The shared MCP vectors (tests/vectors/mcp/*.json) against the generated @molecule/platform-mcp
// package, imported by name and served to the real SDK client over the in-memory transport;
// tests/python/test_mcp_vectors.py runs the same vectors against the Python server.

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly handler?: {
    readonly return?: unknown;
    readonly result?: ToolResultInit;
    readonly raise?: string;
  };
  readonly platform?: {
    readonly answer?: unknown;
    readonly echo?: boolean;
    readonly error?: { readonly message: string; readonly status?: number };
  };
  readonly expected?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

const folder = path.join(repoRoot, "tests/vectors/mcp");
const files = fs.readdirSync(folder).filter((f) => f.endsWith(".json"));

const mcp = (await import("@molecule/platform-mcp")) as unknown as {
  localTools: readonly string[];
  createServer(options: object): {
    connect(t: unknown): Promise<void>;
    close(): Promise<void>;
  };
};

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function answer(c: Case): Promise<unknown> {
  const client = {
    async $call(_name: string, input: object): Promise<unknown> {
      const p = c.platform ?? {};
      if (p.error !== undefined)
        throw Object.assign(
          new Error(p.error.message),
          p.error.status === undefined ? {} : { status: p.error.status },
        );
      return p.echo === true ? input : p.answer;
    },
  };
  const handlers = Object.fromEntries(
    mcp.localTools.map((name) => [
      name,
      async () => {
        if (c.handler?.raise !== undefined) throw new Error(c.handler.raise);
        if (c.handler?.result !== undefined)
          return toolResult(c.handler.result);
        return c.handler?.return;
      },
    ]),
  );
  const server = mcp.createServer({ client, handlers });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const agent = new Client({ name: "vectors", version: "0.0.0" });
  await agent.connect(clientSide);
  open.push(agent);
  try {
    return await agent.callTool({ name: c.tool, arguments: c.arguments });
  } catch (error) {
    // The SDK client rejects a JSON-RPC error as an McpError: its code, and the server's message
    // after the prefix the client adds.
    const { code, message } = error as { code: number; message: string };
    return {
      error: { code, message: message.replace(`MCP error ${code}: `, "") },
    };
  }
}

describe.each(files)("MCP vectors %s", (file) => {
  const { cases } = JSON.parse(
    fs.readFileSync(path.join(folder, file), "utf8"),
  ) as { cases: Case[] };
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    expect(await answer(c)).toEqual(
      c.error === undefined ? c.expected : { error: c.error },
    );
  });
});
