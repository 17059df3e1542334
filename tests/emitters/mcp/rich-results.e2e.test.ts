import http from "node:http";
import type { AddressInfo } from "node:net";
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
import type { MockModelClass } from "../ai-sdk/scripted-model.js";

// Rich results end to end: a spec with local tools whose runtime returns each kind of MCP
// content and structuredContent, and an HTTP tool whose platform (a real server on 127.0.0.1)
// answers image/png. The generated bin serves them to the real SDK clients over stdio (1.x) and
// Streamable HTTP (2.x); the LangChain and AI SDK packages pass on what their consumers carry.

const SPEC = `targets:
  client:
    package: "@rich/client"
    env: { base_url: RICH_URL, workspace_id: RICH_WORKSPACE, token: RICH_TOKEN, workspaces: RICH_WORKSPACES }
  mcp: { package: "@rich/mcp", bin: rich-mcp, server_name: rich, runtime: "@rich/runtime" }
  langchain: { package: "@rich/langchain" }
  ai_sdk: { package: "@rich/ai-sdk" }
  function_calling: { package: "@rich/function-calling" }
sections:
  - { id: main, heading: Main, label: Main }
tools:
  - name: show
    section: main
    renamed_from: [display]
    short: Show one kind of content.
    when_to_use: When asked to show something.
    input: { type: object, properties: { kind: { type: string } }, required: [kind] }
    local: true
  - name: measure
    section: main
    short: Measure the picture.
    when_to_use: When the size matters.
    input: { type: object, properties: {} }
    output: { type: object, properties: { width: { type: integer } }, required: [width] }
    local: true
  - name: snapshot
    section: main
    short: Take a snapshot.
    when_to_use: When you need to see.
    input: { type: object, properties: {} }
    http: { method: GET, path: /snapshot }
`;

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";

/** Each `kind` the runtime's show answers, and the content it answers with. */
const KINDS = {
  text: [{ type: "text", text: "plain words" }],
  image: [
    { type: "image", data: PNG.toString("base64"), mimeType: "image/png" },
  ],
  audio: [{ type: "audio", data: WAV, mimeType: "audio/wav" }],
  link: [
    {
      type: "resource_link",
      uri: "file:///reports/q3.pdf",
      name: "q3.pdf",
      mimeType: "application/pdf",
    },
  ],
  embedded: [
    {
      type: "resource",
      resource: {
        uri: "file:///notes.txt",
        mimeType: "text/plain",
        text: "a note",
      },
    },
  ],
} as const;

const RUNTIME = `import { toolResult, textContent, imageContent, audioContent, resourceLink, embeddedResource } from "@rich/client";
const png = Buffer.from(${JSON.stringify(PNG.toString("base64"))}, "base64");
const kinds = {
  text: [textContent("plain words")],
  image: [imageContent(png, "image/png")],
  audio: [audioContent(${JSON.stringify(WAV)}, "audio/wav")],
  link: [resourceLink({ uri: "file:///reports/q3.pdf", name: "q3.pdf", mimeType: "application/pdf" })],
  embedded: [embeddedResource({ uri: "file:///notes.txt", mimeType: "text/plain", text: "a note" })],
};
export function createRuntime() {
  return {
    handlers: {
      async show({ kind }) {
        if (kind === "all") return toolResult({ content: Object.values(kinds).flat() });
        if (kind === "video") return toolResult({ content: [{ type: "video", data: "AAAA" }] });
        if (kind === "blank") return toolResult({ content: [{ type: "image", mimeType: "image/png" }] });
        return toolResult({ content: kinds[kind] });
      },
      async measure() {
        return toolResult({ content: [imageContent(png, "image/png")], structuredContent: { width: 1 } });
      },
    },
    async start() {},
    async stop() {},
  };
}
`;

let consumer: Consumer;
let platform: http.Server;
let platformUrl: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // The spec is SPEC's text; the path only names it in messages.
  const specPath = path.join(repoRoot, "rich-results.yaml");
  const { files } = generateFromDisk(specInput(specPath, SPEC, repoRoot));
  consumer = installConsumer([files]);
  const runtime = path.join(consumer.dir, "node_modules/@rich/runtime");
  fs.mkdirSync(runtime, { recursive: true });
  fs.writeFileSync(
    path.join(runtime, "package.json"),
    JSON.stringify({ name: "@rich/runtime", type: "module", main: "index.js" }),
  );
  fs.writeFileSync(path.join(runtime, "index.js"), RUNTIME);
  platform = http.createServer((req, res) => {
    if (req.url === "/snapshot") {
      res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) =>
    platform.listen(0, "127.0.0.1", resolve),
  );
  platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill();
  await new Promise((resolve) => platform.close(resolve));
  removeConsumer(consumer);
});

const env = () => ({
  PATH: process.env.PATH ?? "",
  RICH_URL: platformUrl,
  RICH_WORKSPACE: "ws-1",
  RICH_TOKEN: "tok-rich-5d1e77",
});
const bin = () =>
  path.join(consumer.packages.get("@rich/mcp")!, "bin", "rich-mcp.js");
const load = async <T>(name: string) =>
  (await import(
    pathToFileURL(path.join(consumer.packages.get(name)!, "index.js")).href
  )) as T;

interface Caller {
  callTool(params: {
    name: string;
    arguments: Record<string, unknown>;
  }): Promise<unknown>;
}

/** What both transports must answer alike. */
async function expectRichAnswers(client: Caller): Promise<void> {
  for (const [kind, content] of Object.entries(KINDS))
    expect(
      await client.callTool({ name: "show", arguments: { kind } }),
      kind,
    ).toEqual({ content });
  expect(
    await client.callTool({ name: "show", arguments: { kind: "all" } }),
  ).toEqual({ content: Object.values(KINDS).flat() });
  expect(await client.callTool({ name: "measure", arguments: {} })).toEqual({
    content: KINDS.image,
    structuredContent: { width: 1 },
  });
  expect(await client.callTool({ name: "snapshot", arguments: {} })).toEqual({
    content: KINDS.image,
  });
  expect(
    await client.callTool({ name: "show", arguments: { kind: "video" } }),
  ).toEqual({
    content: [
      {
        type: "text",
        text: 'The result of show is not one MCP can carry:\n- content[0] has type "video"; a result holds text, image, audio, resource_link, resource',
      },
    ],
    isError: true,
  });
  expect(
    await client.callTool({ name: "show", arguments: { kind: "blank" } }),
  ).toMatchObject({
    content: [
      { text: expect.stringContaining("content[0] (image) has no data") },
    ],
    isError: true,
  });
  // Protocol details: a name never declared is -32602, a former name a result to learn from.
  await expect(
    client.callTool({ name: "teleport", arguments: {} }),
  ).rejects.toMatchObject({ code: -32602 });
  expect(
    await client.callTool({ name: "display", arguments: { kind: "text" } }),
  ).toEqual({
    content: [
      {
        type: "text",
        text: 'Unknown tool "display": it was renamed to "show".',
      },
    ],
    isError: true,
  });
  expect(
    await client.callTool({ name: "show", arguments: { kind: 5 } }),
  ).toEqual({
    content: [
      {
        type: "text",
        text: "Invalid arguments for show:\n- kind must be a string",
      },
    ],
    isError: true,
  });
}

describe("rich results through the generated MCP bin", () => {
  it("reach the 1.x SDK client over stdio as MCP content", async () => {
    const client = new V1Client({ name: "rich", version: "0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin()],
        env: env(),
        stderr: "ignore",
      }),
    );
    try {
      await expectRichAnswers(client);
    } finally {
      await client.close();
    }
  });

  it("reach the 2.x SDK client over Streamable HTTP as MCP content", async () => {
    const child = spawn(process.execPath, [bin(), "--http", "0"], {
      env: env(),
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(child);
    let stderr = "";
    const url = await new Promise<URL>((resolve, reject) => {
      child.stderr!.setEncoding("utf8").on("data", (t: string) => {
        stderr += t;
        const match = /serving MCP at (http:\/\/\S+)\n/.exec(stderr);
        if (match) resolve(new URL(match[1]!));
      });
      child.on("close", () => reject(new Error(stderr)));
    });
    const client = new Client({ name: "rich", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      await expectRichAnswers(client);
    } finally {
      await client.close();
    }
  });
});

describe("rich results through the other targets", () => {
  /** The generated client and the runtime's handlers, as a consumer wires them. */
  async function wiring() {
    const { createClientFromEnv } = await load<{
      createClientFromEnv(env: Record<string, string>): unknown;
    }>("@rich/client");
    const runtime = (await import(
      pathToFileURL(
        path.join(consumer.dir, "node_modules/@rich/runtime/index.js"),
      ).href
    )) as { createRuntime(): { handlers: object } };
    return {
      client: createClientFromEnv(env()),
      handlers: runtime.createRuntime().handlers,
    };
  }

  it("reach LangChain as its standard content blocks, the result as the artifact", async () => {
    const { createTools } = await load<{
      createTools(o: object): {
        name: string;
        invoke(arg: unknown): Promise<{
          content: unknown;
          artifact: unknown;
          status: string;
        }>;
      }[];
    }>("@rich/langchain");
    const tools = createTools(await wiring());
    const byName = (n: string) => tools.find((t) => t.name === n)!;
    const call = (name: string, args: object) =>
      byName(name).invoke({
        type: "tool_call",
        id: `call-${name}`,
        name,
        args,
      });
    const shown = await call("show", { kind: "all" });
    expect(shown.content).toEqual([
      { type: "text", text: "plain words" },
      { type: "image", data: KINDS.image[0].data, mimeType: "image/png" },
      { type: "audio", data: WAV, mimeType: "audio/wav" },
      { type: "text", text: "[resource: q3.pdf <file:///reports/q3.pdf>]" },
      { type: "text", text: "[resource file:///notes.txt]\na note" },
    ]);
    expect(shown.artifact).toEqual({ content: Object.values(KINDS).flat() });
    const measured = await call("measure", {});
    expect(measured.artifact).toEqual({
      content: KINDS.image,
      structuredContent: { width: 1 },
    });
    expect((await call("snapshot", {})).content).toEqual([
      { type: "image", data: KINDS.image[0].data, mimeType: "image/png" },
    ]);
    const refused = await call("show", { kind: "video" });
    expect(refused.status).toBe("error");
    expect(refused.content).toContain('content[0] has type "video"');
  });

  it("reach the model through the AI SDK as content parts", async () => {
    const ai = await import("ai");
    const { MockLanguageModelV3 } = await import("ai/test");
    const { scriptedModel, toolResults } =
      await import("../ai-sdk/scripted-model.js");
    const Mock = MockLanguageModelV3 as unknown as MockModelClass;
    const { createTools } = await load<{ createTools(o: object): object }>(
      "@rich/ai-sdk",
    );
    const { model, calls } = scriptedModel(Mock, [
      {
        calls: [
          { id: "c1", name: "show", input: '{"kind":"all"}' },
          { id: "c2", name: "snapshot", input: "{}" },
        ],
      },
      { text: "seen" },
    ]);
    await ai.generateText({
      model: model as never,
      tools: createTools(await wiring()) as never,
      prompt: "show me",
      stopWhen: ai.stepCountIs(3) as never,
    });
    const [shown, snapshot] = toolResults(calls[1]!);
    expect(shown!.output).toEqual({
      type: "content",
      value: [
        { type: "text", text: "plain words" },
        {
          type: "image-data",
          data: KINDS.image[0].data,
          mediaType: "image/png",
        },
        { type: "file-data", data: WAV, mediaType: "audio/wav" },
        { type: "text", text: "[resource: q3.pdf <file:///reports/q3.pdf>]" },
        { type: "text", text: "[resource file:///notes.txt]\na note" },
      ],
    });
    expect(snapshot!.output).toEqual({
      type: "content",
      value: [
        {
          type: "image-data",
          data: KINDS.image[0].data,
          mediaType: "image/png",
        },
      ],
    });
  });
});
