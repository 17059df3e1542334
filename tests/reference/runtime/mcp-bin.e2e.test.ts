import { spawn } from "node:child_process";
import fs from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { platformFixturePath, readSpec } from "../../helpers/reference-spec.js";
import { tempFolder } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import {
  startWorkspacePlatform,
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";

// The reference MCP server as an agent runs it: the package's bin in a subprocess, configured
// only by its environment, registered in two workspaces at once, its runtime wired in by
// tools.yaml's targets.mcp.runtime.

// The bin is the one generated from the platform fixture (a frozen copy of tools.yaml): the
// tools called below are its tools, whatever a user does to tools.yaml.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const bin = fixture.bin("@molecule/platform-mcp");
const specTools = readSpec(platformFixturePath).tools.map((t) => t.name);

let platform: WorkspacePlatform;
let mcp: Client | undefined;
let stderr = "";
beforeEach(async () => {
  platform = await startWorkspacePlatform();
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  await platform.close();
});

async function connect(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: "agent", version: "0.0.0" });
  await client.connect(transport);
  mcp = client;
  return client;
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[])[0]!.text;
  expect(result.isError, `${name}: ${text}`).toBeFalsy();
  return JSON.parse(text);
}

describe("molecule-mcp with the reference runtime, in two workspaces", () => {
  it("registers both, serves every tool of its spec, and routes HTTP and local tools to each workspace with its token", async () => {
    platform.receive(WS_A.id, {
      id: "a1",
      from_workspace_id: "peer-1",
      summary: "task for A",
    });
    platform.receive(WS_B.id, {
      id: "b1",
      from_workspace_id: "peer-2",
      summary: "task for B",
    });
    const stateDir = tempFolder();
    const client = await connect({
      PLATFORM_URL: platform.url,
      MOLECULE_WORKSPACES: JSON.stringify([WS_A, WS_B]),
      MOLECULE_STATE_DIR: stateDir,
      MOLECULE_MODEL: "model-x",
    });

    const listed = await client.listTools();
    expect(specTools.length).toBeGreaterThan(0);
    expect(listed.tools.map((t) => t.name)).toEqual(specTools);

    // HTTP tools, one per workspace.
    expect(
      await call(client, "get_workspace_info", { source_workspace_id: "ws-a" }),
    ).toEqual({ id: "ws-a", name: "Workspace ws-a" });
    expect(
      await call(client, "get_workspace_info", { source_workspace_id: "ws-b" }),
    ).toEqual({ id: "ws-b", name: "Workspace ws-b" });

    // The inbox, fed by both pollers, each message tagged with where it arrived.
    await until(
      () =>
        platform.requests.filter((r) => r.path.endsWith("/activity")).length >=
        2,
      "both workspaces polled",
    );
    let peek = (await call(client, "inbox_peek", {})) as {
      messages: { activity_id: string; arrival_workspace_id: string }[];
    };
    for (let i = 0; i < 100 && peek.messages.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      peek = (await call(client, "inbox_peek", {})) as typeof peek;
    }
    expect(
      peek.messages.map((m) => [m.activity_id, m.arrival_workspace_id]).sort(),
    ).toEqual([
      ["a1", "ws-a"],
      ["b1", "ws-b"],
    ]);

    // A local tool per workspace: the reply goes where each message came from.
    for (const m of peek.messages) {
      expect(
        await call(client, "send_message_to_user", {
          message: `done: ${m.activity_id}`,
          workspace_id: m.arrival_workspace_id,
        }),
      ).toEqual({
        sent: true,
        attachments: [],
      });
      expect(
        await call(client, "inbox_pop", { activity_id: m.activity_id }),
      ).toMatchObject({ removed: true });
    }
    expect(await call(client, "get_runtime_identity", {})).toEqual({
      model: "model-x",
      model_provider: null,
      tier: null,
      runtime_template: null,
      workspace_id: "ws-a",
      workspace_ids: ["ws-a", "ws-b"],
    });

    const notifies = platform.requests.filter((r) =>
      r.path.endsWith("/notify"),
    );
    expect(
      notifies.map((r) => [r.path, r.authorization, r.body]).sort(),
    ).toEqual([
      [
        "/workspaces/ws-a/notify",
        `Bearer ${WS_A.token}`,
        { message: "done: a1" },
      ],
      [
        "/workspaces/ws-b/notify",
        `Bearer ${WS_B.token}`,
        { message: "done: b1" },
      ],
    ]);
    const registered = platform.requests.filter(
      (r) => r.path === "/registry/register",
    );
    expect(registered.map((r) => [r.authorization, r.body]).sort()).toEqual([
      [`Bearer ${WS_A.token}`, { workspace_id: "ws-a" }],
      [`Bearer ${WS_B.token}`, { workspace_id: "ws-b" }],
    ]);
    // The fake platform answers 401/403 to a token used for another workspace: none happened.
    expect(platform.requests.every((r) => r.as !== undefined)).toBe(true);
    expect(fs.readdirSync(stateDir).sort()).toEqual([
      "inbox",
      "inbox.ws-a.cursor",
      "inbox.ws-b.cursor",
      // Held while the server runs: the folder is this server's alone.
      "runtime.lock",
    ]);
    expect(stderr).toBe("");
  });

  it("reports a refused workspace token on stderr without the token, and keeps serving the other workspace", async () => {
    platform.refused.add(WS_B.token);
    const client = await connect({
      PLATFORM_URL: platform.url,
      MOLECULE_WORKSPACES: JSON.stringify([WS_A, WS_B]),
      MOLECULE_STATE_DIR: tempFolder(),
    });
    await until(
      () => stderr.includes("registry refused"),
      "the refusal was reported",
    );
    expect(
      await call(client, "get_workspace_info", { source_workspace_id: "ws-a" }),
    ).toEqual({ id: "ws-a", name: "Workspace ws-a" });
    expect(stderr).toContain(
      "molecule-runtime error: workspace ws-b: the registry refused its token (HTTP 401) on registration",
    );
    expect(stderr).not.toContain(WS_B.token);
    expect(stderr).not.toContain(WS_A.token);
  });

  it("exits at once when its client closes stdin, even with a wait_for_message in progress", async () => {
    const child = spawn(process.execPath, [bin], {
      env: {
        PATH: process.env.PATH ?? "",
        PLATFORM_URL: platform.url,
        MOLECULE_WORKSPACES: JSON.stringify([WS_A, WS_B]),
        MOLECULE_STATE_DIR: tempFolder(),
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on("close", resolve),
    );
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "0" },
      },
    });
    await until(() => out.includes('"id":1'), "initialized");
    send({ method: "notifications/initialized" });
    send({
      id: 2,
      method: "tools/call",
      params: { name: "wait_for_message", arguments: { timeout_secs: 300 } },
    });
    await until(
      () => platform.requests.some((r) => r.path.endsWith("/activity")),
      "the inbox polled",
    );
    const closed = Date.now();
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(Date.now() - closed).toBeLessThan(5000);
  });
});
