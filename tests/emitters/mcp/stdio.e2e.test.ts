import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
} from "vitest";
import { httpCases, MAIN, SIDE } from "./cases.js";
import {
  closedPort,
  startPlatform,
  until,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import { isOwnTraffic } from "../../helpers/workspace-platform.js";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import { platformFixturePath, readSpec } from "../../helpers/reference-spec.js";

// The bin as a user's agent runs it: a subprocess speaking MCP on stdio, configured only from
// the environment, found through the package's own package.json "bin".

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("@molecule/platform-mcp"));
const manifest = JSON.parse(
  fs.readFileSync(path.join(packageDir, "package.json"), "utf8"),
) as { bin: Record<string, string> };
const bin = path.join(packageDir, manifest.bin["molecule-mcp"]!);

// The conversations below run the same bin generated from the platform fixture (a frozen copy
// of tools.yaml), as their expectations name its tools.
const fixtureTools = readSpec(platformFixturePath).tools;
let fixture: PlatformFixture;
let fixtureBin: string;

/** Only what a process needs to run: the tests' own environment must not leak in. */
const baseEnv = { PATH: process.env.PATH ?? "" };

let platform: PlatformServer;
beforeAll(async () => {
  platform = await startPlatform();
  fixture = installPlatformFixture();
  fixtureBin = fixture.bin("@molecule/platform-mcp");
});
afterAll(async () => {
  await platform.close();
  fixture.remove();
});
beforeEach(() =>
  platform.otherwise((req) =>
    req.path === "/registry/ws-main/peers"
      ? { status: 403, body: { message: "this workspace may not list peers" } }
      : { body: { handled: `${req.method} ${req.path}` } },
  ),
);
/** The tool calls the platform received, without the runtime's own traffic. */
const calls = () => platform.requests.filter((r) => !isOwnTraffic(r));

const open: Client[] = [];
afterEach(async () => {
  platform.reset();
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixtureBin],
    env: { ...baseEnv, ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "agent", version: "0.0.0" });
  await client.connect(transport);
  open.push(client);
  return client;
}

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content as { type: string; text: string }[];
  expect(content.map((c) => c.type)).toEqual(["text"]);
  return content[0]!.text;
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bin with stdin closed at once, as when it is misconfigured or asked for help. */
function runBin(args: string[], env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fixtureBin, ...args], {
      env: { ...baseEnv, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

describe("the molecule-mcp bin over stdio", () => {
  it("is the package's declared bin", () => {
    expect(manifest.bin).toEqual({ "molecule-mcp": "./bin/molecule-mcp.js" });
    expect(
      fs.readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n"),
    ).toBe(true);
    expect(fs.statSync(bin).mode & 0o111).toBe(0o111);
  });

  it("runs as a command of its own, through its shebang", async () => {
    const exit = await new Promise<{ code: number | null; stdout: string }>(
      (resolve, reject) => {
        const child = spawn(bin, ["--help"], { env: baseEnv });
        let stdout = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout }));
      },
    );
    expect(exit.code).toBe(0);
    expect(exit.stdout.startsWith("Usage: molecule-mcp [--http")).toBe(true);
  });

  it("lists every tool of the spec with exactly its short and input, and a GET tool as read-only", async () => {
    const mcp = await connect({
      PLATFORM_URL: platform.url,
      WORKSPACE_ID: MAIN.id,
      MOLECULE_WORKSPACE_TOKEN: MAIN.token,
    });
    const listed = await mcp.listTools();
    expect(listed.tools).toEqual(
      fixtureTools.map((t) => ({
        name: t.name,
        description: t.short,
        inputSchema: t.input,
        ...((t.http as { method?: string } | undefined)?.method === "GET"
          ? { annotations: { readOnlyHint: true } }
          : {}),
      })),
    );
    expect(mcp.getServerVersion()).toEqual({
      name: "molecule-platform",
      version: "0.0.0",
    });
  });

  it("sends the docs package's MCP prompt as the server's instructions", async () => {
    const { mcpPrompt } = await fixture.load<{ mcpPrompt: string }>(
      "@molecule/platform-prompts",
    );
    const mcp = await connect({
      PLATFORM_URL: platform.url,
      WORKSPACE_ID: MAIN.id,
      MOLECULE_WORKSPACE_TOKEN: MAIN.token,
    });
    expect(mcpPrompt).toMatch(/^## /);
    expect(mcp.getInstructions()).toBe(mcpPrompt);
  });

  it("calls the platform as the one workspace of WORKSPACE_ID and returns its answer", async () => {
    const mcp = await connect({
      PLATFORM_URL: platform.url,
      WORKSPACE_ID: MAIN.id,
      MOLECULE_WORKSPACE_TOKEN: MAIN.token,
    });
    const result = await mcp.callTool({
      name: "get_workspace_info",
      arguments: {},
    });
    expect(result.isError, text(result)).toBeFalsy();
    expect(JSON.parse(text(result))).toEqual({
      handled: "GET /workspaces/ws-main",
    });
    expect(calls().map((r) => [r.method, r.path, r.authorization])).toEqual([
      ["GET", "/workspaces/ws-main", `Bearer ${MAIN.token}`],
    ]);
  });

  it("routes each call to its workspace's token with MOLECULE_WORKSPACES", async () => {
    const mcp = await connect({
      PLATFORM_URL: platform.url,
      MOLECULE_WORKSPACES: JSON.stringify([MAIN, SIDE]),
    });
    for (const c of httpCases) {
      const result = await mcp.callTool({ name: c.tool, arguments: c.args });
      expect(result.isError, `${c.tool}: ${text(result)}`).toBeFalsy();
      expect(JSON.parse(text(result))).toEqual({
        handled: `${c.method} ${c.path}`,
      });
    }
    expect(
      calls().map((r) => [
        r.method,
        r.path,
        r.queryList,
        r.body,
        r.authorization,
      ]),
    ).toEqual(
      httpCases.map((c) => [
        c.method,
        c.path,
        c.query,
        c.body,
        `Bearer ${c.token}`,
      ]),
    );
  });

  it("returns a platform error and bad arguments as isError, an unknown tool as the JSON-RPC error -32602", async () => {
    const mcp = await connect({
      PLATFORM_URL: platform.url,
      WORKSPACE_ID: MAIN.id,
      MOLECULE_WORKSPACE_TOKEN: MAIN.token,
    });
    const refused = await mcp.callTool({ name: "list_peers", arguments: {} });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe("this workspace may not list peers (HTTP 403)");
    const invalid = await mcp.callTool({
      name: "commit_memory",
      arguments: { scope: "TEAM" },
    });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toBe(
      "Invalid arguments for commit_memory:\n- content is required",
    );
    await expect(
      mcp.callTool({ name: "nope", arguments: {} }),
    ).rejects.toMatchObject({ code: -32602 });
    expect(calls()).toHaveLength(1);
  });

  // tools.yaml names a runtime (targets.mcp.runtime): its handlers answer the local tools, and it
  // registers the workspace. Without one the bin answers "no handler": see tests/runtime/mcp/stdio.e2e.test.ts.
  it("answers the local tools through the runtime that tools.yaml names, which registers the workspace", async () => {
    const mcp = await connect({
      PLATFORM_URL: platform.url,
      WORKSPACE_ID: MAIN.id,
      MOLECULE_WORKSPACE_TOKEN: MAIN.token,
      MOLECULE_MESSAGE_DELIVERY: "push",
    });
    const identity = await mcp.callTool({
      name: "get_runtime_identity",
      arguments: {},
    });
    expect(identity.isError, text(identity)).toBeFalsy();
    expect(JSON.parse(text(identity))).toMatchObject({ workspace_id: MAIN.id });
    const inbox = await mcp.callTool({ name: "inbox_peek", arguments: {} });
    expect(JSON.parse(text(inbox))).toMatchObject({ inbox: "not enabled" });
    expect(calls()).toEqual([]);
    // The runtime starts once the server is connected, beside the calls above: wait for it.
    const registered = () =>
      platform.requests.some(
        (r) => isOwnTraffic(r) && r.path === "/registry/register",
      );
    await until(registered, "the runtime registers the workspace");
    expect(
      platform.requests
        .filter(isOwnTraffic)
        .map((r) => [r.method, r.path, r.authorization]),
    ).toContainEqual(["POST", "/registry/register", `Bearer ${MAIN.token}`]);
  });

  it("answers with isError when the platform cannot be reached, and keeps serving", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const mcp = await connect({
      PLATFORM_URL: url,
      WORKSPACE_ID: MAIN.id,
      MOLECULE_WORKSPACE_TOKEN: MAIN.token,
    });
    const result = await mcp.callTool({
      name: "get_workspace_info",
      arguments: {},
    });
    expect(result.isError).toBe(true);
    expect(text(result)).not.toContain(MAIN.token);
    expect((await mcp.listTools()).tools.length).toBe(fixtureTools.length);
  });

  it("exits 0 when its client closes stdin", async () => {
    const exit = await runBin([], {
      PLATFORM_URL: platform.url,
      WORKSPACE_ID: MAIN.id,
      MOLECULE_WORKSPACE_TOKEN: MAIN.token,
    });
    expect(exit).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("the bin with a bad environment", () => {
  it.each([
    ["nothing set", {}],
    [
      "no token",
      { PLATFORM_URL: "http://127.0.0.1:9", WORKSPACE_ID: "ws-main" },
    ],
    [
      "a base URL that is no URL",
      {
        PLATFORM_URL: "not a url",
        WORKSPACE_ID: "ws-main",
        MOLECULE_WORKSPACE_TOKEN: MAIN.token,
      },
    ],
    [
      "workspaces that are not JSON",
      {
        PLATFORM_URL: "http://127.0.0.1:9",
        MOLECULE_WORKSPACES: `[{"id":"ws-main","token":"${MAIN.token}"`,
      },
    ],
    [
      "a workspace without a token",
      {
        PLATFORM_URL: "http://127.0.0.1:9",
        MOLECULE_WORKSPACES: `[{"id":"ws-main"},{"id":"ws-side","token":"${SIDE.token}"}]`,
      },
    ],
  ])(
    "%s: one line on stderr naming the bin, nothing on stdout, exit 2, no token",
    async (_case, env) => {
      const exit = await runBin([], env);
      expect(exit.code).toBe(2);
      expect(exit.stdout).toBe("");
      expect(exit.stderr).toMatch(/^molecule-mcp: [^\n]+\n$/);
      expect(exit.stderr).not.toContain(MAIN.token);
      expect(exit.stderr).not.toContain(SIDE.token);
    },
  );

  it("names the spec's environment variables in --help", async () => {
    const exit = await runBin(["--help"], {});
    expect(exit.code).toBe(0);
    expect(exit.stderr).toBe("");
    for (const name of [
      "PLATFORM_URL",
      "WORKSPACE_ID",
      "MOLECULE_WORKSPACE_TOKEN",
      "MOLECULE_WORKSPACES",
    ])
      expect(exit.stdout).toContain(name);
  });
});
