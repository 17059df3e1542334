import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeConsumer, type Consumer } from "../../hardening/consumer.js";
import { installCatalogProject } from "./catalog-project.js";
import { servingUrl } from "../../helpers/serving-url.js";

// Prompts and resources end to end: the project of catalog-project.ts, whose prompt docs the
// generated bin serves as MCP prompts, and its own prompts, resources and resource templates,
// answered from the spec or by its runtime package, to the real SDK clients over stdio (1.x)
// and Streamable HTTP (2.x, stateless and in session mode).

let consumer: Consumer;
const children: ChildProcess[] = [];

beforeAll(() => {
  consumer = installCatalogProject();
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
  }): Promise<{ messages: unknown[]; description?: string }>;
  listResources(): Promise<{ resources: unknown[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: unknown[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  complete(params: {
    ref: { type: string; name?: string; uri?: string };
    argument: { name: string; value: string };
  }): Promise<{ completion: { values: string[] } }>;
  getServerCapabilities(): { resources?: { subscribe?: boolean } } | undefined;
}

const userText = (text: string) => ({
  role: "user",
  content: { type: "text", text },
});

/** The declared prompts, resources and completions, alike on both transports. */
async function expectDeclared(client: CatalogClient): Promise<void> {
  const { prompts } = await client.listPrompts();
  expect(prompts.slice(3)).toEqual([
    {
      name: "review",
      title: "Review a note",
      description: "Ask for a review of one note.",
      arguments: [
        { name: "note", description: "The note's id", required: true },
        { name: "tone" },
      ],
    },
    { name: "plan", arguments: [{ name: "goal", required: true }] },
  ]);
  // A value is put in as given, never read as a template itself.
  expect(
    await client.getPrompt({
      name: "review",
      arguments: { note: "n-7 {{tone}}", tone: "kind" },
    }),
  ).toEqual({
    description: "Ask for a review of one note.",
    messages: [userText("Review note n-7 {{tone}} in a kind tone.")],
  });
  expect(
    (await client.getPrompt({ name: "review", arguments: { note: "n-1" } }))
      .messages,
  ).toEqual([userText("Review note n-1 in a  tone.")]);
  await expect(
    client.getPrompt({ name: "review", arguments: { tone: "kind" } }),
  ).rejects.toMatchObject({ code: -32602 });
  expect(
    await client.getPrompt({ name: "plan", arguments: { goal: "ship" } }),
  ).toEqual({
    messages: [
      userText("Plan: ship"),
      { role: "assistant", content: { type: "text", text: "Step 1." } },
    ],
  });

  expect((await client.listResources()).resources).toEqual([
    {
      uri: "notes://pinned",
      name: "pinned",
      title: "Pinned note",
      mimeType: "text/plain",
      description: "The note kept on top.",
    },
    { uri: "notes://today", name: "today", mimeType: "text/plain" },
  ]);
  expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
    {
      uriTemplate: "notes://day/{day}",
      name: "day",
      mimeType: "text/plain",
      description: "A day's notes.",
    },
    { uriTemplate: "files://{+path}", name: "file" },
  ]);
  const read = async (uri: string) =>
    (await client.readResource({ uri })).contents;
  expect(await read("notes://pinned")).toEqual([
    { uri: "notes://pinned", mimeType: "text/plain", text: "Buy milk." },
  ]);
  expect(await read("notes://day/sunday")).toEqual([
    {
      uri: "notes://day/sunday",
      mimeType: "text/plain",
      text: "notes of sunday",
    },
  ]);
  expect(await read("notes://day/a%20b")).toEqual([
    { uri: "notes://day/a%20b", mimeType: "text/plain", text: "notes of a b" },
  ]);
  expect(await read("files://docs/a.bin")).toEqual([
    { uri: "files://docs/a.bin", blob: "AQID" },
  ]);
  await expect(read("notes://day/a/b")).rejects.toMatchObject({
    code: -32602,
    message: expect.stringContaining("Resource not found: notes://day/a/b"),
  });

  const values = async (
    ref: { type: string; name?: string; uri?: string },
    name: string,
    value: string,
  ) =>
    (await client.complete({ ref, argument: { name, value } })).completion
      .values;
  const review = { type: "ref/prompt", name: "review" };
  expect(await values(review, "tone", "b")).toEqual(["blunt", "brief"]);
  expect(await values(review, "note", "n")).toEqual(["n-1", "n-2"]);
  expect(
    await values(
      { type: "ref/resource", uri: "notes://day/{day}" },
      "day",
      "s",
    ),
  ).toEqual(["sunday"]);
  expect(
    await values({ type: "ref/resource", uri: "files://{+path}" }, "path", ""),
  ).toEqual([]);
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

async function httpUrl(...more: string[]): Promise<URL> {
  const child = spawn(process.execPath, [bin(), "--http", "0", ...more], {
    env: env(),
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  return servingUrl(child);
}

describe("the prompt docs and the spec's prompts and resources", () => {
  it("are listed, got, read, completed and subscribed to by the 1.x SDK client over stdio", async () => {
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
      await expectDeclared(client);
      expect(client.getServerCapabilities()?.resources).toEqual({
        subscribe: true,
      });
      // Subscribed to today's note: add_note changes it, the runtime says so, the client hears
      // of that uri alone (the runtime also reports one nobody follows).
      const heard: string[] = [];
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        heard.push(n.params.uri);
      });
      await client.subscribeResource({ uri: "notes://today" });
      await client.callTool({ name: "add_note", arguments: { text: "call" } });
      await until(() => heard.length > 0);
      expect(heard).toEqual(["notes://today"]);
      expect(
        (await client.readResource({ uri: "notes://today" })).contents,
      ).toEqual([
        { uri: "notes://today", mimeType: "text/plain", text: "call" },
      ]);
      // Unsubscribed: no more word of it.
      await client.unsubscribeResource({ uri: "notes://today" });
      await client.callTool({ name: "add_note", arguments: { text: "again" } });
      await client.listPrompts();
      expect(heard).toEqual(["notes://today"]);
    } finally {
      await client.close();
    }
  });

  it("are listed, got, read and completed by the 2.x SDK client over Streamable HTTP", async () => {
    const client = new Client({ name: "cat", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(await httpUrl()));
    try {
      await expectDocsPrompts(client);
      await expectDeclared(client);
      // Stateless HTTP has no stream to send an update on: it offers no subscriptions.
      expect(client.getServerCapabilities()?.resources).toEqual({});
    } finally {
      await client.close();
    }
  });

  it("are subscribed to by the 2.x SDK client over Streamable HTTP in session mode", async () => {
    const client = new Client({ name: "cat", version: "0" });
    await client.connect(
      new StreamableHTTPClientTransport(await httpUrl("--sessions")),
    );
    try {
      expect(client.getServerCapabilities()?.resources).toEqual({
        subscribe: true,
      });
      const heard: string[] = [];
      client.setNotificationHandler(
        "notifications/resources/updated",
        (n) => void heard.push(n.params.uri),
      );
      await client.subscribeResource({ uri: "notes://today" });
      await client.callTool({ name: "add_note", arguments: { text: "web" } });
      await until(() => heard.length > 0);
      expect(heard).toEqual(["notes://today"]);
      expect(
        (await client.readResource({ uri: "notes://today" })).contents,
      ).toEqual([
        { uri: "notes://today", mimeType: "text/plain", text: "web" },
      ]);
    } finally {
      await client.close();
    }
  });
});

/** Waits until `done()` holds; a bounded guard against a hang, not a timing. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++)
    await new Promise((r) => setTimeout(r, 10));
}
