import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { until } from "../../helpers/platform-server.js";
import {
  startWorkspacePlatform,
  WS_A,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";
import { tempFolder } from "./helpers.js";

// Push: the reference MCP bin (the platform fixture's, its runtime wired in by
// targets.mcp.runtime) with MOLECULE_INBOX_NOTIFY, and the real TypeScript SDK client over stdio
// receiving each arrived inbox message as a notification, while the inbox tools work as before.

const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const bin = fixture.bin("@molecule/platform-mcp");

let platform: WorkspacePlatform;
let mcp: Client | undefined;
beforeEach(async () => {
  platform = await startWorkspacePlatform([WS_A]);
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  await platform.close();
});

interface Seen {
  readonly client: Client;
  readonly notifications: { method: string; params?: unknown }[];
  stderr(): string;
}

async function connect(notify: string | undefined): Promise<Seen> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin],
    env: {
      PATH: process.env.PATH ?? "",
      PLATFORM_URL: platform.url,
      MOLECULE_WORKSPACES: JSON.stringify([WS_A]),
      MOLECULE_STATE_DIR: tempFolder(),
      ...(notify === undefined ? {} : { MOLECULE_INBOX_NOTIFY: notify }),
    },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: "agent", version: "0.0.0" });
  const notifications: Seen["notifications"] = [];
  client.fallbackNotificationHandler = async ({ method, params }) => {
    notifications.push({ method, params });
  };
  await client.connect(transport);
  mcp = client;
  return { client, notifications, stderr: () => stderr };
}

async function call(client: Client, name: string, args: object) {
  const result = await client.callTool({ name, arguments: { ...args } });
  const text = (result.content as { text: string }[])[0]!.text;
  expect(result.isError, `${name}: ${text}`).toBeFalsy();
  return JSON.parse(text) as Record<string, unknown>;
}

/** The inbox's messages once a poll (every 5 s) has brought `count` of them; 15 s bound a hang. */
async function peekUntil(client: Client, count: number) {
  for (let i = 0; ; i++) {
    const peek = await call(client, "inbox_peek", {});
    const messages = peek.messages as { activity_id: string }[];
    if (messages.length >= count || i === 750) return messages;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const MESSAGE = { id: "a1", from_workspace_id: "peer-1", summary: "hello" };
const AS_PEEKED = {
  activity_id: "a1",
  from_workspace_id: "peer-1",
  summary: "hello",
};

describe("the inbox notification", () => {
  it("is off by default: nothing is pushed, and no capability is declared for it", async () => {
    platform.receive(WS_A.id, MESSAGE);
    const { client, notifications } = await connect(undefined);
    expect(await peekUntil(client, 1)).toEqual([AS_PEEKED]);
    // The message was queued before inbox_peek answered, and a push would have been written then.
    expect(notifications).toEqual([]);
    expect(client.getServerCapabilities()?.experimental).toBeUndefined();
  });

  it("pushes an arrived message on the channel method it is set to, as { content, meta }, and the inbox tools still hold it", async () => {
    const method = "notifications/claude/channel";
    platform.receive(WS_A.id, MESSAGE);
    const { client, notifications, stderr } = await connect(method);
    expect(client.getServerCapabilities()?.experimental).toEqual({
      "claude/channel": {},
    });
    await until(() => notifications.length > 0, "the push arrived", 15_000);
    expect(notifications).toEqual([
      {
        method,
        params: {
          content: `A message arrived in your inbox; handle it, then remove it with inbox_pop:\n${JSON.stringify(AS_PEEKED)}`,
          meta: { activity_id: "a1" },
        },
      },
    ]);
    expect(await peekUntil(client, 1)).toEqual([AS_PEEKED]);
    expect(await call(client, "inbox_pop", { activity_id: "a1" })).toEqual({
      activity_id: "a1",
      removed: true,
      waiting: 0,
    });
    expect(notifications).toHaveLength(1);
    expect(stderr()).toBe("");
  });

  it("with `on`, pushes a log message from logger inbox, at level info, and declares logging", async () => {
    platform.receive(WS_A.id, MESSAGE);
    const { client, notifications } = await connect("on");
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await until(() => notifications.length > 0, "the push arrived", 15_000);
    expect(notifications).toEqual([
      {
        method: "notifications/message",
        params: { level: "info", logger: "inbox", data: AS_PEEKED },
      },
    ]);
  });

  it("with `on`, honours the level the client set: below it, nothing is pushed", async () => {
    const { client, notifications } = await connect("on");
    await client.setLoggingLevel("warning");
    platform.receive(WS_A.id, MESSAGE);
    expect(await peekUntil(client, 1)).toEqual([AS_PEEKED]);
    expect(notifications).toEqual([]);
  });

  it("a setting that is no notification method stops the bin with one line", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin],
      env: {
        PATH: process.env.PATH ?? "",
        PLATFORM_URL: platform.url,
        MOLECULE_WORKSPACES: JSON.stringify([WS_A]),
        MOLECULE_STATE_DIR: tempFolder(),
        MOLECULE_INBOX_NOTIFY: "claude channel",
      },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: "agent", version: "0.0.0" });
    await expect(client.connect(transport)).rejects.toThrow();
    expect(stderr).toBe(
      'molecule-mcp: MOLECULE_INBOX_NOTIFY: the inbox notification must be on, off or a notification method such as notifications/claude/channel, got "claude channel"\n',
    );
  });
});
