import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin, type Run } from "../../helpers/bin.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { until } from "../../helpers/platform-server.js";
import {
  startWorkspacePlatform,
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";
import { tempFolder } from "./helpers.js";

// A state folder has one owner at a time: real MCP servers (the reference runtime started by the
// generated bin) and the real CLI, on one folder.

const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const mcpBin = fixture.bin("@molecule/platform-mcp");
const cliBin = fixture.bin("@molecule/platform-cli");

let platform: WorkspacePlatform;
const servers: Server[] = [];
beforeEach(async () => {
  platform = await startWorkspacePlatform();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()));
  await platform.close();
});

const env = (stateDir: string) => ({
  PATH: process.env.PATH ?? "",
  PLATFORM_URL: platform.url,
  MOLECULE_WORKSPACES: JSON.stringify([WS_A, WS_B]),
  MOLECULE_STATE_DIR: stateDir,
});

interface Server {
  readonly client: Client;
  readonly pid: number;
  kill(): Promise<void>;
}

/** A server with its MCP client connected, once its runtime started. */
async function serve(stateDir: string): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [mcpBin],
    env: env(stateDir),
    stderr: "pipe",
  });
  const client = new Client({ name: "agent", version: "0.0.0" });
  await client.connect(transport);
  const pid = transport.pid!;
  // Answered once start() has run its first part, which takes the folder (or throws).
  await client.callTool({ name: "inbox_peek", arguments: {} });
  let dead = false;
  const server = {
    client,
    pid,
    async kill() {
      if (dead) return;
      dead = true;
      process.kill(pid, "SIGKILL");
      await until(() => !alive(pid), "the server died");
      await client.close();
    },
  };
  servers.push(server);
  return server;
}

/** A server started as an MCP client would start it, its stdin left open; its exit code and stderr. */
function serveRaw(stateDir: string, args: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mcpBin, ...args], {
      env: env(stateDir),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    // A server that serves on instead of refusing is killed, and the test fails on its code.
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, stdout, stderr });
    });
  });
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

const refusal = (stateDir: string, pid: number) =>
  `molecule-mcp: the runtime did not start: the state folder ${stateDir} is in use by another runtime ` +
  `(process ${pid} on host ${os.hostname()}); give this one a folder of its own (MOLECULE_STATE_DIR), ` +
  `or stop that one. If no runtime runs there, delete ${path.join(stateDir, "runtime.lock")}\n`;

function delegate(stateDir: string): Promise<Run> {
  return runBin(
    cliBin,
    ["delegate", "peer-9", "write the report"],
    env(stateDir),
  );
}

describe("one runtime owns a state folder", () => {
  it("a second server on the folder exits 1 with one line naming the folder and the holder", async () => {
    const stateDir = tempFolder();
    const first = await serve(stateDir);
    expect(await serveRaw(stateDir)).toEqual({
      code: 1,
      stdout: "",
      stderr: refusal(stateDir, first.pid),
    });
    // With --http too, once it listened: the port is closed again.
    const http = await serveRaw(stateDir, ["--http", "127.0.0.1:0"]);
    expect(http.code).toBe(1);
    expect(http.stderr).toMatch(
      /^molecule-mcp: serving MCP at http:\/\/127\.0\.0\.1:\d+\/mcp\n/,
    );
    expect(http.stderr.replace(/^.*\n/, "")).toBe(refusal(stateDir, first.pid));
    // The first goes on serving from its folder.
    expect(await call(first.client, "inbox_peek", {})).toEqual({
      messages: [],
      waiting: 0,
    });
  });

  it("the lock a killed server leaves does not block the next, which cleans what the killed run left", async () => {
    const stateDir = tempFolder();
    const first = await serve(stateDir);
    // Writes the killed server had in progress: a kept message and a cursor, half written.
    const leftovers = [
      path.join(
        stateDir,
        "inbox",
        "ws-a",
        `000000000007.json.${first.pid}.tmp`,
      ),
      path.join(stateDir, `inbox.ws-a.cursor.${first.pid}.tmp`),
    ];
    for (const file of leftovers) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "half");
    }
    await first.kill();
    expect(fs.existsSync(path.join(stateDir, "runtime.lock"))).toBe(true);

    const second = await serve(stateDir);
    expect(leftovers.filter((f) => fs.existsSync(f))).toEqual([]);
    expect((await serveRaw(stateDir)).stderr).toBe(
      refusal(stateDir, second.pid),
    );
  });

  it("a CLI command runs while a server owns the folder, and touches none of its files", async () => {
    platform.onDelegate((id) =>
      Object.assign(platform.delegations.get(id)!, {
        status: "completed",
        result: "done",
      }),
    );
    const stateDir = tempFolder();
    const server = await serve(stateDir);
    // The server's writes in progress, as the CLI's runtime would find them.
    const writing = [
      path.join(
        stateDir,
        "inbox",
        "ws-a",
        `000000000003.json.${server.pid}.tmp`,
      ),
      path.join(stateDir, `inbox.ws-b.cursor.${server.pid}.tmp`),
    ];
    for (const file of writing) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "being written");
    }
    const lock = fs.readFileSync(path.join(stateDir, "runtime.lock"), "utf8");

    expect(await delegate(stateDir)).toEqual({
      code: 0,
      stdout: "done\n",
      stderr: "",
    });
    expect(writing.map((f) => fs.readFileSync(f, "utf8"))).toEqual([
      "being written",
      "being written",
    ]);
    expect(fs.readFileSync(path.join(stateDir, "runtime.lock"), "utf8")).toBe(
      lock,
    );
  });

  it("700 messages from two workspaces reach the agent once each, with CLI commands and refused servers beside it", async () => {
    platform.onDelegate((id) =>
      Object.assign(platform.delegations.get(id)!, {
        status: "completed",
        result: "done",
      }),
    );
    const stateDir = tempFolder();
    const server = await serve(stateDir);
    const sent: string[] = [];
    for (let i = 1; i <= 350; i++)
      for (const ws of [WS_A.id, WS_B.id]) {
        platform.receive(ws, { id: `${ws}-${i}` });
        sent.push(`${ws}:${ws}-${i}`);
      }

    const beside: Promise<Run>[] = [];
    const popped: string[] = [];
    const end = Date.now() + 120_000;
    while (popped.length < sent.length && Date.now() < end) {
      if (beside.length < 8)
        beside.push(delegate(stateDir), serveRaw(stateDir));
      const peek = (await call(server.client, "inbox_peek", { limit: 50 })) as {
        messages: { activity_id: string; arrival_workspace_id: string }[];
      };
      if (peek.messages.length === 0)
        await new Promise((r) => setTimeout(r, 100));
      for (const m of peek.messages) {
        const answer = await call(server.client, "inbox_pop", {
          activity_id: m.activity_id,
        });
        if (answer.removed === true)
          popped.push(`${m.arrival_workspace_id}:${m.activity_id}`);
      }
    }
    expect(popped.length).toBe(sent.length);
    expect([...popped].sort()).toEqual([...sent].sort());
    const runs = await Promise.all(beside);
    expect(runs.map((r) => r.code).sort()).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  }, 150_000);
});
