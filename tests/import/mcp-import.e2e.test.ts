import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { snapshotDir, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// toolgen import mcp as a user runs it: from a saved tools/list answer, the rules that fill
// what MCP does not carry, the report of what the spec cannot carry, and one clear error
// (exit 2, nothing written) for each source it cannot read.

const tool = (over: Record<string, unknown> = {}) => ({
  name: "search_notes",
  title: "Search notes",
  description:
    "Find notes by text.\n\nUse before writing a note, to avoid a duplicate.",
  inputSchema: {
    type: "object",
    properties: { text: { type: "string" } },
    required: ["text"],
  },
  annotations: { readOnlyHint: true, title: "Search" },
  ...over,
});

/** A folder holding `tools.json` with `value` in it. */
function saved(value: unknown): string {
  const dir = tempDir("toolgen-import-");
  fs.writeFileSync(path.join(dir, "tools.json"), JSON.stringify(value));
  return dir;
}

describe("from a saved tools/list answer", () => {
  const answer = {
    serverInfo: { name: "notes-server", version: "1.4.0" },
    tools: [
      tool(),
      // Its keys in the order toolgen's server lists them, as the MCP SDK's does.
      {
        name: "ping",
        icons: [
          { src: "https://notes.example/ping.png", mimeType: "image/png" },
        ],
        description: "Check the server answers.",
        inputSchema: { type: "object", properties: {} },
        execution: { taskSupport: "forbidden" },
        _meta: { "notes.example/cost": 0 },
      },
    ],
  };

  it("writes a spec of local tools and a runtime stub, by the documented rules", async () => {
    const dir = saved(answer);
    const run = await toolgen(dir, "import", "mcp", "tools.json");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    const spec = parse(fs.readFileSync(path.join(dir, "tools.yaml"), "utf8"));
    expect(spec.version).toBe(answer.serverInfo.version);
    expect(spec.targets.mcp.server_name).toBe(answer.serverInfo.name);
    expect(spec.sections).toHaveLength(1);
    const [search, ping] = spec.tools;
    const source = tool();
    // short: the description's first line; when_to_use: the whole description; the MCP
    // description the whole text, as it is more than its first line.
    expect(search).toMatchObject({
      name: source.name,
      section: spec.sections[0].id,
      title: source.title,
      short: source.description.split("\n")[0],
      when_to_use: source.description,
      input: source.inputSchema,
      annotations: { read_only: true, title: "Search" },
      mcp: { description: source.description },
      local: true,
    });
    expect(Object.keys(search.annotations)).toEqual(["read_only", "title"]);
    expect(ping.mcp).toEqual({
      icons: [
        { src: "https://notes.example/ping.png", mime_type: "image/png" },
      ],
      meta: { "notes.example/cost": 0 },
      execution: { task_support: "forbidden" },
    });
    expect(ping.mcp.description).toBeUndefined();
    const stub = fs.readFileSync(path.join(dir, "runtime/index.js"), "utf8");
    for (const t of answer.tools)
      expect(stub).toContain(JSON.stringify(t.name));
    // The spec generates as it is.
    expect((await toolgen(dir)).code).toBe(0);
  });

  it("writes the same bytes from the same source, wherever it runs", async () => {
    const first = saved(answer);
    const second = saved(answer);
    await toolgen(first, "import", "mcp", "tools.json");
    await toolgen(second, "import", "mcp", path.join(first, "tools.json"));
    const text = (dir: string) =>
      fs.readFileSync(path.join(dir, "tools.yaml"), "utf8");
    expect(text(second).split("\n").slice(3)).toEqual(
      text(first).split("\n").slice(3),
    );
    expect(snapshotDir(path.join(second, "runtime"))).toEqual(
      snapshotDir(path.join(first, "runtime")),
    );
  });

  it("reports, one line each, what the spec cannot carry", async () => {
    const dir = saved([
      tool({
        outputs: [],
        annotations: { readOnlyHint: true, "x-cost": 3, costHint: 3 },
      }),
      tool({ name: "slow", execution: { taskSupport: "required" } }),
      tool({ name: "bare", description: undefined }),
    ]);
    const run = await toolgen(dir, "import", "mcp", "tools.json");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.trim().split("\n")).toEqual([
      `note: tool "search_notes": 'outputs' is not carried`,
      `note: tool "search_notes": 'x-cost' of annotations is not carried`,
      `note: tool "slow": execution.taskSupport "required" is not carried: toolgen's servers do not run MCP tasks`,
      `note: tool "bare": it has no description: it is listed with its short`,
    ]);
  });
});

describe("a source it cannot use", () => {
  it.each<[string, unknown, RegExp]>([
    ["not JSON", "{", /is not JSON/],
    ["no tools", { result: {} }, /holds no list of tools/],
    ["a tool without a name", { tools: [{}] }, /tool 1 has no name/],
  ])("%s: one line, exit 2, nothing written", async (_, value, says) => {
    const dir = tempDir("toolgen-import-");
    fs.writeFileSync(
      path.join(dir, "tools.json"),
      typeof value === "string" ? value : JSON.stringify(value),
    );
    const run = await toolgen(dir, "import", "mcp", "tools.json");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(says);
    expect(run.stderr).toMatch(/Nothing was written\.\n$/);
    expect(fs.readdirSync(dir)).toEqual(["tools.json"]);
  });

  it("a tool toolgen cannot serve as listed: the located errors, exit 2, nothing written", async () => {
    const dir = saved([tool({ name: "notes.search" })]);
    const run = await toolgen(dir, "import", "mcp", "tools.json");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^tools\.yaml:\d+:\d+: /m);
    expect(run.stderr).toContain("nothing was written");
    expect(fs.readdirSync(dir)).toEqual(["tools.json"]);
  });

  it("a server that ends before it lists: its last words, exit 2", async () => {
    const dir = tempDir("toolgen-import-");
    const run = await toolgen(
      dir,
      "import",
      "mcp",
      "--",
      process.execPath,
      "-e",
      "console.error('no config'); process.exit(4)",
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'the server ended (exit 4) before it listed its tools; it said: "no config"',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("a server that never answers: given up after --timeout, exit 2", async () => {
    const dir = tempDir("toolgen-import-");
    const run = await toolgen(
      dir,
      "import",
      "mcp",
      "--timeout",
      "1",
      "--",
      process.execPath,
      "-e",
      "setInterval(() => {}, 1000)",
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "the server did not list its tools within 1 s",
    );
  });

  it("an unreachable URL: one line, exit 2", async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = net.createServer().listen(0, "127.0.0.1");
    await once(closed, "listening");
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const url = `http://127.0.0.1:${port}/mcp`;
    const dir = tempDir("toolgen-import-");
    const run = await toolgen(dir, "import", "mcp", url);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `toolgen import: cannot reach ${url}: ECONNREFUSED. Nothing was written.\n`,
    );
  });

  it("an existing spec with errors is kept unless --force", async () => {
    const dir = saved([tool()]);
    fs.writeFileSync(path.join(dir, "tools.yaml"), "mine\n");
    const run = await toolgen(dir, "import", "mcp", "tools.json");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^tools\.yaml:1:1: /m);
    expect(run.stderr).toContain(
      "tools.yaml has errors (above): fix them to import into it, or --force to replace it. Nothing was written.",
    );
    expect(fs.readdirSync(dir).sort()).toEqual(["tools.json", "tools.yaml"]);
    expect(fs.readFileSync(path.join(dir, "tools.yaml"), "utf8")).toBe(
      "mine\n",
    );
    expect(
      (await toolgen(dir, "import", "mcp", "tools.json", "--force")).code,
    ).toBe(0);
  });

  it("--help says how, and a wrong use says where to look", async () => {
    const dir = tempDir("toolgen-import-");
    const help = await toolgen(dir, "import", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: toolgen import mcp");
    const wrong = await toolgen(dir, "import", "graphql", "schema.graphql");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Run toolgen import --help");
  });
});
