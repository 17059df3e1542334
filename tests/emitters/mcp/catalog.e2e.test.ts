import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { specInput } from "../../../generator/index.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { repoRoot } from "../../helpers/project.js";
import {
  installConsumer,
  removeConsumer,
  type Consumer,
} from "../../hardening/consumer.js";

// Prompts and resources end to end: a spec with the docs target, whose prompt docs the generated
// bin serves as MCP prompts, to the real SDK clients over stdio (1.x) and Streamable HTTP (2.x).

const SPEC = `targets:
  client:
    package: "@cat/client"
    env: { base_url: CAT_URL, workspace_id: CAT_WORKSPACE, token: CAT_TOKEN, workspaces: CAT_WORKSPACES }
  mcp: { package: "@cat/mcp", bin: cat-mcp, server_name: cat, runtime: "@cat/runtime" }
  docs: { package: "@cat/prompts", preamble: "You keep notes and files." }
sections:
  - { id: notes, heading: Notes, label: Notes }
  - { id: files, heading: Files, label: Files }
tools:
  - name: add_note
    section: notes
    short: Add a note.
    when_to_use: When something is worth keeping.
    input: { type: object, properties: { text: { type: string } }, required: [text] }
    local: true
  - name: list_files
    section: files
    short: List the files.
    when_to_use: When you need a file.
    input: { type: object, properties: {} }
    local: true
`;

const RUNTIME = `export function createRuntime() {
  return {
    handlers: { async add_note() { return "ok"; }, async list_files() { return []; } },
    async start() {},
    async stop() {},
  };
}
`;

let consumer: Consumer;
const children: ChildProcess[] = [];

beforeAll(() => {
  const specPath = path.join(repoRoot, "catalog.yaml");
  const { files } = generateFromDisk(specInput(specPath, SPEC, repoRoot));
  consumer = installConsumer([files]);
  const runtime = path.join(consumer.dir, "node_modules/@cat/runtime");
  fs.mkdirSync(runtime, { recursive: true });
  fs.writeFileSync(
    path.join(runtime, "package.json"),
    JSON.stringify({ name: "@cat/runtime", type: "module", main: "index.js" }),
  );
  fs.writeFileSync(path.join(runtime, "index.js"), RUNTIME);
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill();
  removeConsumer(consumer);
});

const env = () => ({
  PATH: process.env.PATH ?? "",
  CAT_URL: "http://127.0.0.1:9",
  CAT_WORKSPACE: "ws-1",
  CAT_TOKEN: "tok-cat-91ab",
});
const bin = () =>
  path.join(consumer.packages.get("@cat/mcp")!, "bin", "cat-mcp.js");

/** The prompts package's texts, as the generated docs package exports them. */
async function docsTexts() {
  return (await import(
    pathToFileURL(path.join(consumer.packages.get("@cat/prompts")!, "index.js"))
      .href
  )) as {
    mcpPrompt: string;
    sections: Record<string, { mcp: string }>;
  };
}

/** What both SDK lines' clients call, as far as these tests use it. */
interface CatalogClient {
  listPrompts(): Promise<{ prompts: unknown[] }>;
  getPrompt(params: {
    name: string;
    arguments?: Record<string, string>;
  }): Promise<{ messages: unknown[] }>;
}

async function expectDocsPrompts(client: CatalogClient): Promise<void> {
  const { mcpPrompt, sections } = await docsTexts();
  const { prompts } = await client.listPrompts();
  expect(prompts.slice(0, 3)).toEqual([
    {
      name: "prompt",
      title: "How to use the tools",
      description:
        "The whole prompt that tells a model about these tools, section by section.",
    },
    {
      name: "prompt.notes",
      title: "Notes",
      description: "The prompt's section on Notes: how to use its tools.",
    },
    {
      name: "prompt.files",
      title: "Files",
      description: "The prompt's section on Files: how to use its tools.",
    },
  ]);
  const text = (t: string) => [
    { role: "user", content: { type: "text", text: t } },
  ];
  expect((await client.getPrompt({ name: "prompt" })).messages).toEqual(
    text(mcpPrompt),
  );
  expect(mcpPrompt).toContain("add_note");
  expect((await client.getPrompt({ name: "prompt.files" })).messages).toEqual(
    text(sections.files!.mcp),
  );
  await expect(client.getPrompt({ name: "nothing" })).rejects.toMatchObject({
    code: -32602,
  });
}

async function httpUrl(): Promise<URL> {
  const child = spawn(process.execPath, [bin(), "--http", "0"], {
    env: env(),
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  return new Promise<URL>((resolve, reject) => {
    child.stderr!.setEncoding("utf8").on("data", (t: string) => {
      stderr += t;
      const match = /serving MCP at (http:\/\/\S+)\n/.exec(stderr);
      if (match) resolve(new URL(match[1]!));
    });
    child.on("close", () => reject(new Error(stderr)));
  });
}

describe("the prompt docs as MCP prompts", () => {
  it("are listed and got by the 1.x SDK client over stdio", async () => {
    const client = new V1Client({ name: "cat", version: "0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin()],
        env: env(),
        stderr: "ignore",
      }),
    );
    try {
      await expectDocsPrompts(client);
    } finally {
      await client.close();
    }
  });

  it("are listed and got by the 2.x SDK client over Streamable HTTP", async () => {
    const client = new Client({ name: "cat", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(await httpUrl()));
    try {
      await expectDocsPrompts(client);
    } finally {
      await client.close();
    }
  });
});
