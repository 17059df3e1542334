import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { specInput } from "../../../generator/index.js";
import {
  generateFromDisk,
  linkPackage,
  writeGenerated,
} from "../../helpers/generate.js";
import { repoRoot } from "../../helpers/project.js";
import { tempDir } from "../../helpers/temp.js";

// A user who installed the MCP package without either line of the MCP SDK: a consumer folder
// outside the repository, holding the generated packages and the client's own dependencies
// only, so neither @modelcontextprotocol/server nor @modelcontextprotocol/sdk resolves; then the
// same folder with the 2.x line alone.

const spec = path.join(repoRoot, "tests/fixtures/valid/results/tools.yaml");
let dir: string;

beforeAll(() => {
  dir = tempDir("toolgen-no-sdk-");
  const { files } = generateFromDisk(
    specInput(spec, fs.readFileSync(spec, "utf8"), repoRoot),
  );
  writeGenerated(path.join(dir, "generated"), files);
  const link = (name: string, to: string) => linkPackage(dir, name, to);
  link("@shop/client", path.join(dir, "generated/client"));
  link("@shop/mcp", path.join(dir, "generated/mcp"));
  // The MCP package imports its instructions from the prompts package.
  link("@shop/prompts", path.join(dir, "generated/docs"));
  for (const dep of ["ajv", "ajv-formats"])
    link(dep, path.join(repoRoot, "node_modules", dep));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) =>
  spawnSync(process.execPath, args, {
    cwd: dir,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      SHOP_URL: "http://127.0.0.1:9",
      SHOP_WORKSPACE: "ws-1",
      SHOP_TOKEN: "tok-no-sdk-1234",
    },
    input: "",
  });

const what =
  "@shop/mcp needs the MCP TypeScript SDK: install @modelcontextprotocol/server (2.x) or @modelcontextprotocol/sdk (1.x)";

describe("without either MCP SDK line", () => {
  it("the bin prints one line on stderr naming what to install and exits 2", () => {
    const bin = run([path.join(dir, "generated/mcp/bin/shop-mcp.js")]);
    expect(bin.stderr).toBe(`shop-mcp: ${what}\n`);
    expect(bin.stdout).toBe("");
    expect(bin.status).toBe(2);
  });

  it("the bin says the same with --http", () => {
    const bin = run([
      path.join(dir, "generated/mcp/bin/shop-mcp.js"),
      "--http",
      "0",
    ]);
    expect(bin.stderr).toBe(`shop-mcp: ${what}\n`);
    expect(bin.status).toBe(2);
  });

  it("importing the package throws MissingSdkError, saying what to install", () => {
    const imported = run([
      "--input-type=module",
      "-e",
      'try { await import("@shop/mcp"); } catch (e) { process.stdout.write(`${e.name}: ${e.message}`); }',
    ]);
    expect(imported.stdout).toBe(`MissingSdkError: ${what}`);
  });
});

describe("with only @modelcontextprotocol/server (2.x)", () => {
  beforeAll(() => {
    for (const name of ["@modelcontextprotocol/server", "@types/node"]) {
      const at = path.join(dir, "node_modules", name);
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.symlinkSync(path.join(repoRoot, "node_modules", name), at, "dir");
    }
  });

  it("the bin serves over stdio", async () => {
    const client = new Client({ name: "agent", version: "0.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(dir, "generated/mcp/bin/shop-mcp.js")],
        env: {
          PATH: process.env.PATH ?? "",
          SHOP_URL: "http://127.0.0.1:9",
          SHOP_WORKSPACE: "ws-1",
          SHOP_TOKEN: "tok-no-sdk-1234",
        },
        stderr: "pipe",
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("get_order");
    } finally {
      await client.close();
    }
  });

  it("its declarations type-check strictly, without skipLibCheck", () => {
    fs.writeFileSync(
      path.join(dir, "consumer.ts"),
      [
        'import { McpServer, type CallToolResult, type Tool } from "@modelcontextprotocol/server";',
        'import { createClientFromEnv } from "@shop/client";',
        'import { createServer, serveTools, tools, type LocalHandlers } from "@shop/mcp";',
        'const handlers: LocalHandlers = { summarize_cart: async () => ({ summary: "2 items" }) };',
        "const client = createClientFromEnv();",
        'const server = new McpServer({ name: "mine", version: "1.0.0" });',
        "serveTools(server, { client, handlers });",
        "export const low = createServer({ client, handlers });",
        "export const listed: readonly Tool[] = tools;",
        "export const title: string | undefined = tools[0]?.title;",
        'export const result: CallToolResult = { content: [{ type: "text", text: "" }] };',
        "",
      ].join("\n"),
    );
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          lib: ["es2023", "dom"],
          types: ["node"],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          exactOptionalPropertyTypes: true,
        },
        include: ["consumer.ts"],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, "node_modules/typescript/bin/tsc"),
        "-p",
        dir,
        "--pretty",
        "false",
      ],
      { cwd: dir, encoding: "utf8" },
    );
    // Errors inside the SDK's own declarations are not the package's to judge.
    const ours = `${tsc.stdout}${tsc.stderr}`
      .split("\n")
      .filter((l) => /error TS\d+/.test(l) && !l.includes("node_modules/"));
    expect(ours).toEqual([]);
  });
});
