import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { until } from "../../helpers/platform-server.js";
import type { Transport as TransportV1 } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Transport as TransportV2 } from "@modelcontextprotocol/server";
import {
  MAX_LINE_BYTES,
  type LineTransport,
} from "../../../runtime/mcp/stdio-lines.js";

// Checked by the type-checker: the transport fits the Transport of either SDK line.
export const fitsEither = (t: LineTransport): [TransportV1, TransportV2] => [
  t,
  t,
];

// The MCP bin as a subprocess fed raw lines on stdin: what it cannot read is answered, never
// dropped in silence, and it keeps serving.

const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const bin = fixture.bin("@molecule/platform-mcp");

interface Server {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every JSON line written to stdout so far. */
  readonly replies: () => Record<string, unknown>[];
  readonly stderr: () => string;
  readonly exit: Promise<number | null>;
  send(line: string): void;
}

const started: ChildProcessWithoutNullStreams[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null) child.kill();
  for (const folder of folders.splice(0))
    fs.rmSync(folder, { recursive: true, force: true });
});

function start(): Server {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "stdio-lines-"));
  folders.push(stateDir);
  const child = spawn(process.execPath, [bin], {
    env: {
      PATH: process.env.PATH ?? "",
      PLATFORM_URL: "http://127.0.0.1:9",
      WORKSPACE_ID: "ws-main",
      MOLECULE_WORKSPACE_TOKEN: "tok-lines-7a1c90",
      MOLECULE_STATE_DIR: stateDir,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  started.push(child);
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  // A server that stops reading makes the write fail; the test then sees why from its exit.
  child.stdin.on("error", () => {});
  return {
    child,
    replies: () =>
      out
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    stderr: () => err,
    exit: new Promise((resolve) => child.on("close", resolve)),
    send: (line) => void child.stdin.write(`${line}\n`),
  };
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "0" },
  },
});
const ping = (id: number) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });

/** Waits for the reply with this id. */
async function reply(server: Server, id: number | null, count = 1) {
  await until(
    () => server.replies().filter((r) => r.id === id).length >= count,
    `the reply to ${id}`,
    20_000,
  );
  return server.replies().filter((r) => r.id === id)[count - 1]!;
}

describe("the MCP bin reading lines that are not messages", () => {
  it("answers a line that is not JSON with -32700 and keeps serving", async () => {
    const server = start();
    server.send(initialize);
    await reply(server, 1);
    server.send("{ this is not json");
    expect(await reply(server, null)).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700 },
    });
    server.send(ping(2));
    expect(await reply(server, 2)).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: {},
    });
  });

  it("answers JSON that is no JSON-RPC message with -32600, naming its id", async () => {
    const server = start();
    server.send(JSON.stringify({ id: 7, hello: "there" }));
    expect(await reply(server, 7)).toMatchObject({
      id: 7,
      error: { code: -32600 },
    });
    server.send(initialize);
    await reply(server, 1);
  });

  it("answers a line over the size limit with an error, skips it unread and keeps serving", async () => {
    const server = start();
    server.send(initialize);
    await reply(server, 1);
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 3,
      method: "ping",
      params: { pad: "x".repeat(MAX_LINE_BYTES) },
    });
    server.send(huge);
    const refused = await reply(server, null);
    expect(refused).toMatchObject({ id: null, error: { code: -32600 } });
    expect((refused.error as { message: string }).message).toContain(
      `longer than ${MAX_LINE_BYTES} bytes`,
    );
    server.send(ping(4));
    expect(await reply(server, 4)).toEqual({
      jsonrpc: "2.0",
      id: 4,
      result: {},
    });
    // The huge request itself was never served.
    expect(server.replies().some((r) => r.id === 3)).toBe(false);
    server.child.stdin.end();
    expect(await server.exit).toBe(0);
  });
});
