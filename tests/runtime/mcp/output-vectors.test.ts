import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { repoRoot } from "../../helpers/project.js";
import {
  toolResult,
  type ToolResultInit,
} from "../../../runtime/shared/tool-result.js";

// The shared output-schema vectors (tests/vectors/mcp-output/calls.json) against the MCP package
// generated from the spec beside them, imported by name and served to the real SDK client over
// the in-memory transport; tests/python/test_mcp_output_vectors.py runs the same vectors against
// the Python package generated from that spec.

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly handler?: {
    readonly return?: unknown;
    readonly result?: ToolResultInit;
    readonly raise?: string;
  };
  readonly platform?: { readonly answer?: unknown };
  readonly expected: unknown;
}

const folder = path.join(repoRoot, "tests/vectors/mcp-output");
const { cases } = JSON.parse(
  fs.readFileSync(path.join(folder, "calls.json"), "utf8"),
) as { cases: Case[] };

const fixture = installPlatformFixture(path.join(folder, "tools.yaml"));
afterAll(() => fixture.remove());
const mcp = await fixture.load<{
  localTools: readonly string[];
  createServer(options: object): {
    connect(t: unknown): Promise<void>;
    close(): Promise<void>;
  };
}>("@vectors/mcp");

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function answer(c: Case): Promise<unknown> {
  const client = {
    async $call(): Promise<unknown> {
      return c.platform?.answer;
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
  return agent.callTool({ name: c.tool, arguments: c.arguments });
}

describe("MCP output-schema vectors", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    expect(await answer(c)).toEqual(c.expected);
  });

  it("has cases of every kind: fitting, not fitting, no schema", () => {
    const kinds = new Set(
      cases.map((c) => {
        const e = c.expected as {
          isError?: boolean;
          structuredContent?: unknown;
        };
        return e.isError ? "error" : "structuredContent" in e ? "fit" : "plain";
      }),
    );
    expect([...kinds].sort()).toEqual(["error", "fit", "plain"]);
  });
});
