import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { platformFixturePath } from "../../helpers/reference-spec.js";
import {
  startWorkspacePlatform,
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";
import { tempFolder } from "./helpers.js";

// inbox_pop through a real MCP server and client, two workspaces' message 1 waiting. The platform
// fixture (a frozen copy of tools.yaml) gains inbox_pop's workspace_id input as tools.yaml has it.

const POP_ID = "          description: The id of the message to remove.\n";
const fixture = installPlatformFixture(platformFixturePath, {
  edit: (spec) => {
    if (!spec.includes(POP_ID)) throw new Error("inbox_pop's input moved");
    return spec.replace(
      POP_ID,
      `${POP_ID}        workspace_id:\n          type: string\n          description: The message's arrival_workspace_id.\n`,
    );
  },
});
afterAll(() => fixture.remove());
const bin = fixture.bin("@molecule/platform-mcp");

let platform: WorkspacePlatform;
let client: Client;
beforeEach(async () => {
  platform = await startWorkspacePlatform();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin],
    env: {
      PATH: process.env.PATH ?? "",
      PLATFORM_URL: platform.url,
      MOLECULE_WORKSPACES: JSON.stringify([WS_A, WS_B]),
      MOLECULE_STATE_DIR: tempFolder(),
    },
    stderr: "pipe",
  });
  client = new Client({ name: "agent", version: "0.0.0" });
  await client.connect(transport);
});
afterEach(async () => {
  await client.close();
  await platform.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[])[0]!.text;
  return { isError: result.isError === true, text };
}

async function waiting(count: number): Promise<string[]> {
  const end = Date.now() + 15_000;
  for (;;) {
    const peek = JSON.parse((await call("inbox_peek", {})).text) as {
      messages: { activity_id: string; arrival_workspace_id: string }[];
    };
    const ids = peek.messages
      .map((m) => `${m.arrival_workspace_id}:${m.activity_id}`)
      .sort();
    if (ids.length >= count || Date.now() > end) return ids;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("inbox_pop over MCP, two workspaces' message 1 waiting", () => {
  it("pops ws-b's by its workspace, refuses the ambiguous bare id, and takes a unique bare id", async () => {
    platform.receive(WS_A.id, { id: "1" });
    platform.receive(WS_B.id, { id: "1" });
    platform.receive(WS_B.id, { id: "2" });
    expect(await waiting(3)).toEqual(["ws-a:1", "ws-b:1", "ws-b:2"]);

    expect(await call("inbox_pop", { activity_id: "1" })).toEqual({
      isError: true,
      text:
        'activity_id "1" is waiting in 2 workspaces; say which message to remove: ' +
        '{"activity_id":"1","workspace_id":"ws-a"} or {"activity_id":"1","workspace_id":"ws-b"}',
    });
    expect(
      JSON.parse(
        (await call("inbox_pop", { activity_id: "1", workspace_id: "ws-b" }))
          .text,
      ),
    ).toEqual({
      activity_id: "1",
      workspace_id: "ws-b",
      removed: true,
      waiting: 2,
    });
    expect(await waiting(2)).toEqual(["ws-a:1", "ws-b:2"]);
    expect(
      JSON.parse((await call("inbox_pop", { activity_id: "2" })).text),
    ).toMatchObject({ workspace_id: "ws-b", removed: true, waiting: 1 });
    expect(await waiting(1)).toEqual(["ws-a:1"]);
  });
});
