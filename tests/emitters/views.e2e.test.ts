import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { installPlatformFixture } from "../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../helpers/platform-server.js";
import { repoRoot } from "../helpers/project.js";
import {
  a2a,
  bin,
  keyword,
  order,
  pathOf,
  spec,
  specPath,
  tool,
} from "./views-spec.js";

// The done-when of per-target views: tests/fixtures/views/tools.yaml declares the a2a CLI (peers,
// delegate, delegate --async, status, info; the task as the rest of the line; no routing option),
// LangChain wrappers with their own descriptions and fewer arguments, and a CLI block listing
// peers first. Its packages are generated, installed by name and used as consumers use them:
// the CLI as a subprocess, @langchain/core tools, a real MCP client. What each must show is read
// from the fixture spec here, never from generated code.

const fixture = installPlatformFixture(specPath);
afterAll(() => fixture.remove());
let platform: PlatformServer;
const env = {
  PLATFORM_URL: "",
  WORKSPACE_ID: "ws-self",
  WORKSPACE_TOKEN: "tok-self",
};
beforeAll(async () => {
  platform = await startPlatform();
  env.PLATFORM_URL = platform.url;
});
afterAll(() => platform.close());
beforeEach(() => {
  platform.reset();
  platform.otherwise({ body: { ok: true } });
});

const cli = (...args: string[]) =>
  runBin(fixture.bin("@a2a/platform-cli"), args, env);

describe("the CLI, run as a subprocess", () => {
  const delegate = tool("delegate_task");

  it("takes the task as the rest of the line", async () => {
    const run = await cli("delegate", "ws-1", "summarise", "the", "report");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        "POST",
        pathOf(delegate, env.WORKSPACE_ID),
        { target_id: "ws-1", task: "summarise the report" },
      ],
    ]);
  });

  it("keeps quoting and -- working", async () => {
    expect(
      (await cli("delegate", "ws-1", "summarise  the", "report")).code,
    ).toBe(0);
    expect(
      (await cli("delegate", "ws-1", "--", "--all", "of", "it")).code,
    ).toBe(0);
    expect(
      platform.requests.map((r) => (r.body as { task: string }).task),
    ).toEqual(["summarise  the report", "--all of it"]);
  });

  it("selects delegate --async by its flag, the task still the rest of the line", async () => {
    const run = await cli("delegate", "--async", "ws-2", "look", "it", "up");
    expect(run.code).toBe(0);
    expect(platform.requests.map((r) => [r.path, r.body])).toEqual([
      [
        pathOf(tool("delegate_task_async"), env.WORKSPACE_ID),
        { target_id: "ws-2", task: "look it up" },
      ],
    ]);
  });

  it("never offers the hidden routing input, in its options or its help", async () => {
    const hidden = delegate.cli!.hide!;
    expect(hidden).toEqual([delegate.http.route]);
    const option = `--${hidden[0]!.replace(/_/g, "-")}`;
    const run = await cli("delegate", "ws-1", "a", "task", option, "ws-9");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`unknown option '${option}'`);
    expect(platform.requests).toEqual([]);
    const help = await cli("delegate", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(`Usage: ${bin} ${delegate.cli!.usage}`);
    expect(help.stdout).toContain("<task...>");
    expect(help.stdout).not.toContain(option);
  });

  it("sends a hidden required input's schema default, and never offers it", async () => {
    const memory = tool("commit_memory");
    const scope = memory.input.properties.scope as { default: string };
    expect(memory.cli!.hide).toEqual(["scope"]);
    const run = await cli(keyword(memory), "the", "sky", "is", "blue");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(platform.requests.map((r) => r.body)).toEqual([
      { content: "the sky is blue", scope: scope.default },
    ]);
    const refused = await cli(keyword(memory), "a", "fact", "--scope", "TEAM");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("unknown option '--scope'");
  });

  it("asks for the rest of the line when it is missing", async () => {
    const run = await cli("delegate", "ws-1");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("missing <task...>");
  });

  it("lists its commands in the section's cli.order, peers first, each with its own description", async () => {
    const help = await cli("--help");
    const usages = help.stdout
      .split("\n")
      .filter((l) => order.some((t) => l.startsWith(`  ${t.cli!.usage} `)))
      .map((l) => order.find((t) => l.startsWith(`  ${t.cli!.usage} `))!.name);
    expect(usages).toEqual(order.map((t) => t.name));
    const info = tool("get_workspace_info");
    expect((await cli(keyword(info), "--help")).stdout).toContain(
      info.cli!.description!,
    );
  });
});

describe("the prompt block", () => {
  it("lists the commands as `<bin> <usage>`, in cli.order", async () => {
    const { sections } = await fixture.load<{
      sections: Record<string, { cli: string | null }>;
    }>("@a2a/platform-prompts");
    const block = sections[a2a.id]!.cli!;
    const at = order.map((t) => block.indexOf(`${bin} ${t.cli!.usage} `));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
  });
});

describe("the client package", () => {
  it("lists every consumer's view of every tool, as the spec declares it", async () => {
    const { tools } = await fixture.load<{
      tools: {
        name: string;
        views: Record<string, { description: string; hidden: string[] }>;
      }[];
    }>("@a2a/platform-client");
    for (const t of tools) {
      const own = tool(t.name);
      for (const [target, key] of [
        ["mcp", "mcp"],
        ["langchain", "langchain"],
        ["aiSdk", "ai_sdk"],
        ["functionCalling", "function_calling"],
        ["cli", "cli"],
      ] as const) {
        const view = own[key];
        expect(t.views[target], `${t.name} ${key}`).toEqual({
          description: view?.description ?? own.short,
          hidden: view?.hide ?? [],
        });
      }
    }
  });
});

describe("the LangChain tools", () => {
  type LcTool = {
    name: string;
    description: string;
    schema: { properties: Record<string, unknown>; required?: string[] };
    invoke(input: unknown): Promise<unknown>;
  };
  const tools = async () => {
    const { createTools } = await fixture.load<{
      createTools(o: object): LcTool[];
    }>("@a2a/platform-langchain");
    const { createClientFromEnv } = await fixture.load<{
      createClientFromEnv(env: object): unknown;
    }>("@a2a/platform-client");
    return createTools({ client: createClientFromEnv(env) });
  };

  it("carry their own descriptions and leave out the inputs they hide", async () => {
    for (const t of await tools()) {
      const own = tool(t.name);
      expect(t.description).toBe(own.langchain?.description ?? own.short);
      const shown = Object.keys(own.input.properties).filter(
        (name) => !(own.langchain?.hide ?? []).includes(name),
      );
      expect(Object.keys(t.schema.properties)).toEqual(shown);
    }
  });

  it("never send a hidden input; a hidden required one takes its schema default", async () => {
    const lc = await tools();
    const delegate = lc.find((t) => t.name === "delegate_task")!;
    await delegate.invoke({ workspace_id: "ws-1", task: "go" });
    const memory = lc.find((t) => t.name === "commit_memory")!;
    await memory.invoke({ content: "a fact" });
    const scope = tool("commit_memory").input.properties.scope as {
      default: string;
    };
    expect(platform.requests.map((r) => [r.path, r.body])).toEqual([
      [
        pathOf(tool("delegate_task"), env.WORKSPACE_ID),
        { target_id: "ws-1", task: "go" },
      ],
      [
        pathOf(tool("commit_memory"), env.WORKSPACE_ID),
        { content: "a fact", scope: scope.default },
      ],
    ]);
  });
});

describe("the LangChain package's types", () => {
  it("type each tool's input without the inputs LangChain hides", () => {
    // Compiled in the consumer folder, where the package names resolve to the fixture's packages.
    const shown = (name: string) =>
      Object.keys(tool(name).input.properties)
        .filter((input) => !(tool(name).langchain?.hide ?? []).includes(input))
        .map((input) => JSON.stringify(input))
        .join(" | ");
    const body = `import type { LangchainInputs, PlatformTool } from "@a2a/platform-langchain";
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;
assert<Equal<keyof LangchainInputs["delegate_task"], ${shown("delegate_task")}>>();
assert<Equal<keyof LangchainInputs["commit_memory"], ${shown("commit_memory")}>>();
// The hidden required input (its schema default applies) is no longer required.
declare const memory: PlatformTool<"commit_memory">;
export const called = memory.invoke({ content: "a fact" });
`;
    const dir = fs.mkdtempSync(path.join(fixture.consumer.dir, "types-"));
    fs.writeFileSync(path.join(dir, "check.ts"), body);
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          noEmit: true,
          types: ["node"],
          typeRoots: [path.join(repoRoot, "node_modules/@types")],
        },
        files: ["check.ts"],
      }),
    );
    let output = "";
    try {
      execFileSync(
        process.execPath,
        [path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir],
        { encoding: "utf8" },
      );
    } catch (e) {
      output = String((e as { stdout?: string }).stdout);
    }
    expect(output).toBe("");
  });
});

describe("the MCP table, listed by a real MCP client", () => {
  it("shows each tool's MCP description and every input it does not hide", async () => {
    const { createServer } = await fixture.load<{
      createServer(o: object): Server;
    }>("@a2a/platform-mcp");
    const { createClientFromEnv } = await fixture.load<{
      createClientFromEnv(env: object): unknown;
    }>("@a2a/platform-client");
    const server = createServer({ client: createClientFromEnv(env) });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "0.0.0" });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(spec.tools.map((t) => t.name));
      for (const t of tools) {
        const own = tool(t.name);
        expect(t.description).toBe(own.mcp?.description ?? own.short);
        expect(Object.keys(t.inputSchema.properties ?? {})).toEqual(
          Object.keys(own.input.properties).filter(
            (name) => !(own.mcp?.hide ?? []).includes(name),
          ),
        );
      }
      // A hidden input given anyway is never sent: its schema default applies.
      const memory = tool("commit_memory");
      const scope = memory.input.properties.scope as {
        default: string;
        enum: string[];
      };
      const other = scope.enum.find((v) => v !== scope.default)!;
      const result = await client.callTool({
        name: memory.name,
        arguments: { content: "a fact", scope: other },
      });
      expect(result.isError).toBeFalsy();
      expect(platform.requests.map((r) => r.body)).toEqual([
        { content: "a fact", scope: scope.default },
      ]);
    } finally {
      await client.close();
    }
  });
});
