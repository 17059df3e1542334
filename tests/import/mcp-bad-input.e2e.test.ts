import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_SPEC_BYTES } from "../../generator/read/bounded.js";
import { repoRoot, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// The bad input for toolgen import mcp, beside tests/import/mcp-import.e2e.test.ts:
// each is one clear error, exit 2, nothing written, in bounded time, the bin run as a user runs it.

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** An HTTP server on 127.0.0.1 answering each request with `answer`; its /mcp URL. */
async function server(answer: http.RequestListener): Promise<string> {
  const s = http.createServer(answer);
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`;
}

/** toolgen's bin as a process, from `cwd`. */
function bin(
  cwd: string,
  ...args: string[]
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, "bin/toolgen.mjs"), ...args],
      { cwd },
      (error, _stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stderr }),
    );
  });
}

const oneLine = (stderr: string, says: string) => {
  expect(stderr).toBe(`toolgen import: ${says}. Nothing was written.\n`);
};

describe("toolgen import mcp, given what it cannot use", () => {
  it("a server over HTTP that never answers: given up after --timeout, the process ends", async () => {
    const url = await server(() => undefined);
    const dir = tempDir("toolgen-import-bad-");
    // Bounded: without the requests ended, the process would wait for fetch's own 300 s.
    const run = await bin(dir, "import", "mcp", "--timeout", "1", url);
    expect(run.code).toBe(2);
    oneLine(run.stderr, `${url} did not list its tools within 1 s`);
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 30_000);

  it("a server over HTTP that answers garbage: one line", async () => {
    const url = await server((_, res) => {
      res.setHeader("content-type", "application/json");
      res.end("<html>not MCP</html>");
    });
    const dir = tempDir("toolgen-import-bad-");
    const run = await bin(dir, "import", "mcp", url);
    expect(run.code).toBe(2);
    oneLine(run.stderr, `${url} sent no answer to initialize`);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("a server over stdio that writes garbage and never answers: what it wrote is said", async () => {
    const dir = tempDir("toolgen-import-bad-");
    const garbage = "<html>not MCP</html>";
    const run = await bin(
      dir,
      ...["import", "mcp", "--timeout", "1", "--", process.execPath, "-e"],
      `setInterval(() => console.log(${JSON.stringify(garbage)}), 50)`,
    );
    expect(run.code).toBe(2);
    oneLine(
      run.stderr,
      `the server did not list its tools within 1 s; on stdout it wrote what is not JSON-RPC: ${JSON.stringify(garbage)}`,
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 30_000);

  it("a command that cannot start: one line", async () => {
    const dir = tempDir("toolgen-import-bad-");
    const missing = path.join(dir, "no-such-server");
    const run = await bin(dir, "import", "mcp", "--", missing);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^toolgen import: cannot start ${missing}: .*ENOENT\\. Nothing was written\\.\\n$`,
      ),
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("10 MB of descriptions: a spec past what toolgen reads is refused in one line", async () => {
    const dir = tempDir("toolgen-import-bad-");
    const description = "A long description. ".repeat((10 * 1024 * 1024) / 20);
    const tools = [
      { name: "big", description, inputSchema: { type: "object" } },
    ];
    fs.writeFileSync(path.join(dir, "tools.json"), JSON.stringify({ tools }));
    const run = await toolgen(dir, "import", "mcp", "tools.json");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^toolgen import: the spec would hold \\d+ bytes, more than the ${MAX_SPEC_BYTES} toolgen reads .*Nothing was written\\.\\n$`,
      ),
    );
    expect(fs.readdirSync(dir)).toEqual(["tools.json"]);
  });

  it("a saved list larger than any spec could hold is not read", async () => {
    const dir = tempDir("toolgen-import-bad-");
    const file = path.join(dir, "tools.json");
    fs.writeFileSync(file, "");
    fs.truncateSync(file, 4 * MAX_SPEC_BYTES + 1);
    const run = await toolgen(dir, "import", "mcp", "tools.json");
    expect(run.code).toBe(2);
    oneLine(
      run.stderr,
      `${file} holds more than ${4 * MAX_SPEC_BYTES} bytes: no spec toolgen reads could hold its tools`,
    );
    expect(fs.readdirSync(dir)).toEqual(["tools.json"]);
  });

  it.each<[string, unknown]>([
    [
      "a schema of an unknown type",
      { type: "object", properties: { x: { type: "strin" } } },
    ],
    ["a schema that is no object", 5],
    ["no schema", undefined],
  ])(
    "a tools/list with %s: the located errors, exit 2, nothing written",
    async (_, schema) => {
      const dir = tempDir("toolgen-import-bad-");
      const tools = [{ name: "t", description: "T.", inputSchema: schema }];
      fs.writeFileSync(path.join(dir, "tools.json"), JSON.stringify({ tools }));
      const run = await toolgen(dir, "import", "mcp", "tools.json");
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^tools\.yaml:\d+:\d+: tool 't'/m);
      expect(run.stderr).toMatch(/nothing was written\.\n$/);
      expect(fs.readdirSync(dir)).toEqual(["tools.json"]);
    },
  );
});
