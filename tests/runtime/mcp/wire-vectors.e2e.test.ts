import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { until } from "../../helpers/platform-server.js";
import { repoRoot } from "../../helpers/project.js";

// The shared wire vectors (tests/vectors/mcp-wire/*.json): raw JSON-RPC texts sent to the real
// bin, each as one stdio line and as one HTTP POST, both answered as the vector says;
// tests/python/test_mcp_wire_vectors.py sends the same texts to the Python bin.

interface Case {
  readonly name: string;
  readonly raw: string;
  readonly answer: unknown;
  readonly status: number;
  /** Over HTTP, the answer comes as an SSE stream that ends with it (a tools/call's). */
  readonly stream?: boolean;
}

const folder = path.join(repoRoot, "tests/vectors/mcp-wire");
const cases = fs
  .readdirSync(folder)
  .filter((f) => f.endsWith(".json"))
  .flatMap(
    (f) =>
      (
        JSON.parse(fs.readFileSync(path.join(folder, f), "utf8")) as {
          cases: Case[];
        }
      ).cases,
  );

const fixture = installPlatformFixture();
const stateRoot = fs.mkdtempSync(path.join(os.tmpdir(), "wire-vectors-"));
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill();
  fixture.remove();
  fs.rmSync(stateRoot, { recursive: true, force: true });
});

/** The bin, with a state folder of its own: one runtime owns a folder at a time. */
function spawnBin(args: string[]): ChildProcessWithoutNullStreams {
  const stateDir = fs.mkdtempSync(path.join(stateRoot, "state-"));
  const child = spawn(
    process.execPath,
    [fixture.bin("@molecule/platform-mcp"), ...args],
    {
      env: {
        PATH: process.env.PATH ?? "",
        PLATFORM_URL: "http://127.0.0.1:9",
        WORKSPACE_ID: "ws-main",
        MOLECULE_WORKSPACE_TOKEN: "tok-wire-5d1e77",
        MOLECULE_STATE_DIR: stateDir,
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  children.push(child);
  return child;
}

describe("the MCP bin over stdio answers each raw line as the wire vectors say", () => {
  let lines: string[] = [];
  let child: ChildProcessWithoutNullStreams;
  let sentinel = 0;

  /**
   * The lines answering `raw`: everything before the answer to a ping sent after it, and the
   * answer to `raw`'s own id (`awaited`) when that comes later (a tools/call is answered after
   * the call, which the ping does not wait for).
   */
  async function answers(
    raw: string,
    awaited?: string | number | null,
  ): Promise<unknown[]> {
    const id = `sentinel-${++sentinel}`;
    child.stdin.write(`${raw}\n`);
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id, method: "ping" })}\n`,
    );
    const idOf = (l: string) => (JSON.parse(l) as { id?: unknown }).id;
    const seen = (l: string) => idOf(l) === id;
    await until(() => lines.some(seen), `the answer to ${id}`, 20_000);
    if (awaited !== undefined && awaited !== null)
      await until(
        () => lines.some((l) => idOf(l) === awaited),
        `the answer to ${awaited}`,
        20_000,
      );
    const at = lines.findIndex(seen);
    const before = lines
      .filter((l, i) => i < at || (i > at && idOf(l) === awaited))
      .map((l) => JSON.parse(l) as unknown);
    lines = lines.filter(
      (l, i) => i > at && !(awaited != null && idOf(l) === awaited),
    );
    return before;
  }

  beforeAll(async () => {
    child = spawnBin([]);
    let rest = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      const parts = (rest + text).split("\n");
      rest = parts.pop()!;
      lines.push(...parts.filter((l) => l !== ""));
    });
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: "2.0",
        id: "init",
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "wire", version: "0" },
        },
      })}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
    );
    expect(await answers("")).toHaveLength(1); // the answer to initialize
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const awaited = (c.answer as { id?: string | number | null } | null)?.id;
    expect(await answers(c.raw, awaited)).toEqual(
      c.answer === null ? [] : [c.answer],
    );
  });
});

describe("the MCP bin over HTTP answers each raw POST as the wire vectors say", () => {
  let url: string;

  beforeAll(async () => {
    const child = spawnBin(["--http", "0"]);
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    await until(() => /serving MCP at \S+\n/.test(stderr), "listening", 20_000);
    url = /serving MCP at (\S+)\n/.exec(stderr)![1]!;
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: c.raw,
    });
    const text = await response.text();
    if (text !== "")
      expect(response.headers.get("content-type")).toBe(
        c.stream === true ? "text/event-stream" : "application/json",
      );
    // An SSE stream's messages (none but the answer here), or the one JSON answer.
    const answer =
      c.stream === true
        ? text
            .split("\n")
            .filter((l) => l.startsWith("data:"))
            .map((l) => JSON.parse(l.slice(5)) as unknown)
        : text === ""
          ? null
          : JSON.parse(text);
    expect([response.status, answer]).toEqual([
      c.status,
      c.stream === true ? [c.answer] : c.answer,
    ]);
  });
});
