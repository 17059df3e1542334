import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { tempFolder } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import {
  startWorkspacePlatform,
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";

// An agent's MCP server killed (SIGKILL: no cleanup of any kind) after its inbox fetched messages
// and before the agent popped them, then started again on the same state folder.

const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const bin = fixture.bin("@molecule/platform-mcp");

let platform: WorkspacePlatform;
const clients: Client[] = [];
beforeEach(async () => {
  platform = await startWorkspacePlatform();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await platform.close();
});

interface Server {
  readonly client: Client;
  kill(): Promise<void>;
}

async function start(
  workspaces: readonly { id: string; token: string }[],
  stateDir: string,
): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin],
    env: {
      PATH: process.env.PATH ?? "",
      PLATFORM_URL: platform.url,
      MOLECULE_WORKSPACES: JSON.stringify(workspaces),
      MOLECULE_STATE_DIR: stateDir,
    },
    stderr: "pipe",
  });
  const client = new Client({ name: "agent", version: "0.0.0" });
  await client.connect(transport);
  clients.push(client);
  const pid = transport.pid!;
  return {
    client,
    async kill() {
      process.kill(pid, "SIGKILL");
      await until(() => !alive(pid), "the server died");
      await client.close();
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[])[0]!.text;
  expect(result.isError, `${name}: ${text}`).toBeFalsy();
  return JSON.parse(text) as Record<string, unknown>;
}

async function waiting(client: Client, count: number): Promise<string[]> {
  const end = Date.now() + 10_000;
  for (;;) {
    const peek = (await call(client, "inbox_peek", { limit: 50 })) as {
      messages: { activity_id: string; arrival_workspace_id?: string }[];
    };
    const ids = peek.messages.map((m) =>
      m.arrival_workspace_id
        ? `${m.arrival_workspace_id}:${m.activity_id}`
        : m.activity_id,
    );
    if (ids.length >= count || Date.now() > end) return ids;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each([
  ["one workspace", [WS_A], ["a1", "a2", "a3"]],
  [
    "two workspaces",
    [WS_A, WS_B],
    ["ws-a:a1", "ws-a:a2", "ws-a:a3", "ws-b:b1"],
  ],
] as const)("the inbox survives a kill, in %s", (_, workspaces, fetched) => {
  it("every fetched, unpopped message is offered again after a SIGKILL and a restart; no popped one returns", async () => {
    for (const id of ["a1", "a2", "a3"]) platform.receive(WS_A.id, { id });
    if (workspaces.length > 1) platform.receive(WS_B.id, { id: "b1" });
    const stateDir = tempFolder();

    const first = await start(workspaces, stateDir);
    expect((await waiting(first.client, fetched.length)).sort()).toEqual([
      ...fetched,
    ]);
    await first.kill();

    const second = await start(workspaces, stateDir);
    // Offered at once: the platform would not send them again (the cursor is past them).
    const again = await waiting(second.client, fetched.length);
    expect(again.sort()).toEqual([...fetched]);
    await call(second.client, "inbox_pop", { activity_id: "a2" });
    await second.kill();

    platform.receive(WS_A.id, { id: "a4" });
    const third = await start(workspaces, stateDir);
    const rest = fetched.filter((id) => !id.endsWith("a2"));
    const last = await waiting(third.client, rest.length + 1);
    expect(last.sort()).toEqual(
      [...rest, workspaces.length > 1 ? "ws-a:a4" : "a4"].sort(),
    );
    // Each activity feed was asked from its own cursor, never the whole look-back again.
    const lastPolls = platform.requests.filter(
      (r) => r.path.endsWith("/activity") && r.query.since_secs !== undefined,
    );
    expect(lastPolls.length).toBe(workspaces.length);
  });
});
