import { spawn, type ChildProcess } from "node:child_process";
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1HttpClient } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { httpCases, MAIN } from "./cases.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import { platformFixturePath, readSpec } from "../../helpers/reference-spec.js";

// The bin with --http, as a user runs it: a subprocess serving Streamable HTTP on 127.0.0.1,
// talked to by each SDK line's own Streamable HTTP client. The fixture's spec gets an
// http_token_env, so that the token check is the one the spec configures.

const TOKEN_ENV = "MOLECULE_MCP_HTTP_TOKEN";
const fixtureTools = readSpec(platformFixturePath).tools;
let fixture: PlatformFixture;
let platform: PlatformServer;

beforeAll(async () => {
  platform = await startPlatform();
  platform.otherwise((req) => ({
    body: { handled: `${req.method} ${req.path}` },
  }));
  fixture = installPlatformFixture(undefined, {
    edit: (spec) =>
      spec.replace(
        "    server_name: molecule-platform\n",
        `    server_name: molecule-platform\n    http_token_env: ${TOKEN_ENV}\n`,
      ),
  });
});
afterAll(async () => {
  await platform.close();
  fixture.remove();
});

const children: ChildProcess[] = [];
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0))
    if (child.exitCode === null) child.kill("SIGKILL");
});

interface Running {
  readonly child: ChildProcess;
  readonly url: URL;
  readonly stderr: () => string;
}

/** Starts the bin with `args` and waits for the line that says where it serves. */
function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [fixture.bin("@molecule/platform-mcp"), ...args],
    {
      env: {
        PATH: process.env.PATH ?? "",
        PLATFORM_URL: platform.url,
        WORKSPACE_ID: MAIN.id,
        MOLECULE_WORKSPACE_TOKEN: MAIN.token,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let stderr = "";
  return new Promise<Running>((resolve, reject) => {
    child.stderr!.setEncoding("utf8").on("data", (t: string) => {
      stderr += t;
      const match = /serving MCP at (http:\/\/\S+)\n/.exec(stderr);
      if (match)
        resolve({ child, url: new URL(match[1]!), stderr: () => stderr });
    });
    child.on("error", reject);
    child.on("close", (code) =>
      reject(new Error(`the bin ended (${code}) before serving: ${stderr}`)),
    );
  });
}

const names = fixtureTools.map((t) => t.name);
/** A call the primary workspace makes alone (the bin is given one workspace). */
const call = httpCases.find(
  (c) => c.token === MAIN.token && !JSON.stringify(c.args).includes("ws-side"),
)!;

describe("the molecule-mcp bin with --http", () => {
  it("serves on 127.0.0.1 at /mcp, to the 2.x and the 1.x client", async () => {
    const { url } = await start(["--http", "0"]);
    expect(url.hostname).toBe("127.0.0.1");
    expect(url.pathname).toBe("/mcp");

    const v2 = new Client({ name: "agent", version: "0.0.0" });
    await v2.connect(new StreamableHTTPClientTransport(url));
    clients.push(v2);
    expect((await v2.listTools()).tools.map((t) => t.name)).toEqual(names);
    const result = await v2.callTool({ name: call.tool, arguments: call.args });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(
      { handled: `${call.method} ${call.path}` },
    );

    const v1 = new V1Client({ name: "agent", version: "0.0.0" });
    await v1.connect(new V1HttpClient(url));
    clients.push(v1);
    expect((await v1.listTools()).tools.map((t) => t.name)).toEqual(names);
  });

  it("asks for the bearer token of http_token_env, and never prints it", async () => {
    const token = "bin-token-5e1d";
    const running = await start(["--http", "127.0.0.1:0"], {
      [TOKEN_ENV]: token,
    });
    const refused = await fetch(running.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
    const client = new Client({ name: "agent", version: "0.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(running.url, {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(client);
    expect((await client.listTools()).tools).toHaveLength(names.length);
    expect(running.stderr()).not.toContain(token);
  });

  it("refuses other origins unless --allow-origin lists them", async () => {
    const { url } = await start([
      "--http",
      "0",
      "--allow-origin",
      "https://app.example.com",
    ]);
    const ping = (origin: string) =>
      fetch(url, {
        method: "POST",
        headers: {
          origin,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    expect((await ping("https://evil.example")).status).toBe(403);
    expect((await ping("https://app.example.com")).status).toBe(200);
    expect((await ping("http://localhost:5173")).status).toBe(200);
  });

  it("serves sessions with --sessions, at most --max-sessions, each ended by DELETE", async () => {
    const { url, child } = await start([
      "--http",
      "0",
      "--sessions",
      "--max-sessions",
      "1",
    ]);
    const open = async () => {
      const transport = new StreamableHTTPClientTransport(url);
      const client = new Client({ name: "agent", version: "0.0.0" });
      await client.connect(transport);
      clients.push(client);
      return { client, transport };
    };
    const first = await open();
    expect(first.transport.sessionId).toBeTruthy();
    const result = await first.client.callTool({
      name: call.tool,
      arguments: call.args,
    });
    expect(result.isError).toBeFalsy();
    // A second session takes the only place: the first one's id is no longer known.
    const second = await open();
    const ping = (id: string) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": id,
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    expect((await ping(first.transport.sessionId!)).status).toBe(404);
    expect((await ping(second.transport.sessionId!)).status).toBe(200);
    await second.transport.terminateSession();
    expect((await ping(second.transport.sessionId!)).status).toBe(404);
    // Open streams do not keep the bin from stopping.
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("warns of listening beyond this machine by the address it listens on, in any written form", async () => {
    /** Everything the bin printed on stderr up to its exit on SIGTERM. */
    const stderrOf = async (host: string) => {
      const running = await start(["--http", `${host}:0`]);
      const closed = new Promise((r) => running.child.once("close", r));
      running.child.kill("SIGTERM");
      await closed;
      return running.stderr();
    };
    const warning = "warning: listening beyond this machine without a token";
    for (const host of ["[::ffff:127.0.0.1]", "[0:0:0:0:0:0:0:1]", "0x7f.1"])
      expect(await stderrOf(host)).not.toContain(warning);
    expect(await stderrOf("0.0.0.0")).toContain(warning);
  });

  it("stops on SIGTERM with exit code 0", async () => {
    const { child } = await start(["--http", "0"]);
    const closed = new Promise<number | null>((resolve) =>
      child.once("exit", (code) => resolve(code)),
    );
    child.kill("SIGTERM");
    expect(await closed).toBe(0);
  });
});
