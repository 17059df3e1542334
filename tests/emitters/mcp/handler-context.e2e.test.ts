import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport as V2StdioTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { specInput } from "../../../generator/index.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { repoRoot } from "../../helpers/project.js";
import { servingUrl } from "../../helpers/serving-url.js";
import {
  installConsumer,
  removeConsumer,
  type Consumer,
} from "../../hardening/consumer.js";

// The handler's context end to end: a spec whose one local tool's handler reports progress,
// logs, asks the user (elicitation) and the client's model (sampling), served by the generated
// bin to the real SDK clients: over stdio, each answered by the client's own handlers; over
// stateless Streamable HTTP, which streams a call's progress and log but cannot carry a request
// to the client and says so. Elsewhere progress and log do nothing, elicit and sample fail.

const SPEC = `targets:
  client:
    package: "@ctx/client"
    env: { base_url: CTX_URL, workspace_id: CTX_WORKSPACE, token: CTX_TOKEN, workspaces: CTX_WORKSPACES }
  mcp: { package: "@ctx/mcp", bin: ctx-mcp, server_name: ctx, runtime: "@ctx/runtime" }
  cli: { package: "@ctx/cli", bin: ctx, runtime: "@ctx/runtime" }
  langchain: { package: "@ctx/langchain" }
  ai_sdk: { package: "@ctx/ai-sdk" }
  function_calling: { package: "@ctx/function-calling" }
sections:
  - { id: main, heading: Main, label: Main, cli: { intro: Work. } }
tools:
  - name: work
    section: main
    short: Do some work.
    when_to_use: When there is work.
    input: { type: object, properties: { kind: { type: string } }, required: [kind] }
    local: true
    cli: { usage: "work <kind>", summary: Do some work }
`;

const FORM = {
  type: "object",
  properties: { name: { type: "string", title: "Name" } },
  required: ["name"],
};
const SAMPLE = {
  messages: [{ role: "user", content: { type: "text", text: "Say hi" } }],
  maxTokens: 20,
};

const RUNTIME = `export function createRuntime() {
  return {
    handlers: {
      async work({ kind }, ctx) {
        if (kind === "progress") {
          await ctx.progress(1, 2, "half");
          await ctx.progress(2, 2, "all");
          return "worked";
        }
        if (kind === "steps") {
          // Each question waits for the client, which has handled the progress sent before it.
          await ctx.progress(1, 2, "half");
          await ctx.elicit("Next step?", { type: "object", properties: {} });
          await ctx.progress(2, 2, "all");
          await ctx.elicit("Next step?", { type: "object", properties: {} });
          return "worked";
        }
        if (kind === "log") {
          for (const level of ["debug", "info", "warning", "error"]) await ctx.log(level, "at " + level);
          return "logged";
        }
        if (kind === "elicit") return ctx.elicit("Your name?", ${JSON.stringify(FORM)});
        if (kind === "sample") return ctx.sample(${JSON.stringify(SAMPLE)});
        throw new Error("no such kind " + kind);
      },
    },
    async start() {},
    async stop() {},
  };
}
`;

let consumer: Consumer;
const children: ChildProcess[] = [];

beforeAll(() => {
  const specPath = path.join(repoRoot, "handler-context.yaml");
  const { files } = generateFromDisk(specInput(specPath, SPEC, repoRoot));
  consumer = installConsumer([files]);
  const runtime = path.join(consumer.dir, "node_modules/@ctx/runtime");
  fs.mkdirSync(runtime, { recursive: true });
  fs.writeFileSync(
    path.join(runtime, "package.json"),
    JSON.stringify({ name: "@ctx/runtime", type: "module", main: "index.js" }),
  );
  fs.writeFileSync(path.join(runtime, "index.js"), RUNTIME);
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill();
  removeConsumer(consumer);
});

// Every tool is local: the bin starts without the platform's settings.
const env = () => ({ PATH: process.env.PATH ?? "" });
const binOf = (pkg: string, name: string) =>
  path.join(consumer.packages.get(pkg)!, "bin", `${name}.js`);
const load = async <T>(name: string) =>
  (await import(
    pathToFileURL(path.join(consumer.packages.get(name)!, "index.js")).href
  )) as T;

const ELICITED = { action: "accept", content: { name: "Ada" } } as const;
const SAMPLED = {
  role: "assistant",
  content: { type: "text", text: "hi" },
  model: "test-model",
} as const;

// The SDK clients handle a notification a tick after reading it, and a response at once: a
// progress notification read together with the call's result finds its handler gone and is
// dropped by the client. The "steps" handler asks the client a question after each progress.
const PROGRESS = [
  { progress: 1, total: 2, message: "half" },
  { progress: 2, total: 2, message: "all" },
];

/** The text of a one-text result. */
function textOf(result: unknown): string {
  const { content } = result as { content: { type: string; text: string }[] };
  expect(content).toHaveLength(1);
  return content[0]!.text;
}

describe("the handler's context through the generated MCP bin", () => {
  const stdio = () =>
    new StdioClientTransport({
      command: process.execPath,
      args: [binOf("@ctx/mcp", "ctx-mcp")],
      env: env(),
      stderr: "ignore",
    });

  it("reaches the 1.x SDK client over stdio: progress, logs from its level up, a question, a sample", async () => {
    const client = new V1Client(
      { name: "ctx", version: "0" },
      { capabilities: { elicitation: {}, sampling: {} } },
    );
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, (r) => {
      asked.push(r.params);
      return ELICITED;
    });
    client.setRequestHandler(CreateMessageRequestSchema, (r) => {
      asked.push(r.params);
      return SAMPLED;
    });
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logged.push(n.params);
    });
    await client.connect(stdio());
    try {
      const progress: unknown[] = [];
      const worked = await client.callTool(
        { name: "work", arguments: { kind: "steps" } },
        undefined,
        { onprogress: (p) => progress.push(p) },
      );
      expect(textOf(worked)).toBe("worked");
      expect(progress).toEqual(PROGRESS);
      asked.length = 0;
      await client.setLoggingLevel("warning");
      const call = (kind: string) =>
        client.callTool({ name: "work", arguments: { kind } });
      expect(textOf(await call("log"))).toBe("logged");
      expect(logged).toEqual([
        { level: "warning", data: "at warning" },
        { level: "error", data: "at error" },
      ]);
      expect(JSON.parse(textOf(await call("elicit")))).toEqual(ELICITED);
      expect(JSON.parse(textOf(await call("sample")))).toEqual(SAMPLED);
      expect(asked).toEqual([
        { mode: "form", message: "Your name?", requestedSchema: FORM },
        SAMPLE,
      ]);
    } finally {
      await client.close();
    }
  });

  it("reaches the 2.x SDK client over stdio alike", async () => {
    const client = new Client(
      { name: "ctx", version: "0" },
      { capabilities: { elicitation: {}, sampling: {} } },
    );
    client.setRequestHandler("elicitation/create", () => ELICITED);
    client.setRequestHandler("sampling/createMessage", () => SAMPLED);
    const logged: unknown[] = [];
    client.setNotificationHandler("notifications/message", (n) => {
      logged.push(n.params);
    });
    await client.connect(
      new V2StdioTransport({
        command: process.execPath,
        args: [binOf("@ctx/mcp", "ctx-mcp")],
        env: env(),
        stderr: "ignore",
      }),
    );
    try {
      const progress: unknown[] = [];
      const worked = await client.callTool(
        { name: "work", arguments: { kind: "steps" } },
        { onprogress: (p) => progress.push(p) },
      );
      expect(textOf(worked)).toBe("worked");
      expect(progress).toEqual(PROGRESS);
      await client.setLoggingLevel("error");
      const call = (kind: string) =>
        client.callTool({ name: "work", arguments: { kind } });
      expect(textOf(await call("log"))).toBe("logged");
      expect(logged).toEqual([{ level: "error", data: "at error" }]);
      expect(JSON.parse(textOf(await call("elicit")))).toEqual(ELICITED);
      expect(JSON.parse(textOf(await call("sample")))).toEqual(SAMPLED);
    } finally {
      await client.close();
    }
  });

  it("says which capability a client without elicitation or sampling lacks", async () => {
    const client = new V1Client({ name: "ctx", version: "0" });
    await client.connect(stdio());
    try {
      const elicited = await client.callTool({
        name: "work",
        arguments: { kind: "elicit" },
      });
      expect(elicited.isError).toBe(true);
      expect(textOf(elicited)).toBe(
        "elicit: the client did not declare the elicitation capability, so this server cannot ask the user",
      );
      const sampled = await client.callTool({
        name: "work",
        arguments: { kind: "sample" },
      });
      expect(textOf(sampled)).toBe(
        "sample: the client did not declare the sampling capability, so this server cannot ask its model",
      );
    } finally {
      await client.close();
    }
  });

  it("carries progress and log over stateless Streamable HTTP, and says it cannot carry a request to the client", async () => {
    const child = spawn(
      process.execPath,
      [binOf("@ctx/mcp", "ctx-mcp"), "--http", "0"],
      { env: env(), stdio: ["ignore", "ignore", "pipe"] },
    );
    children.push(child);
    const url = await servingUrl(child);
    const client = new Client(
      { name: "ctx", version: "0" },
      { capabilities: { elicitation: {}, sampling: {} } },
    );
    client.setRequestHandler("elicitation/create", () => ELICITED);
    const logged: string[] = [];
    client.setNotificationHandler("notifications/message", (n) => {
      logged.push(n.params.level);
    });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      const call = (kind: string, options?: object) =>
        client.callTool({ name: "work", arguments: { kind } }, options);
      const progress: unknown[] = [];
      const onprogress = (p: unknown) => progress.push(p);
      expect(textOf(await call("progress", { onprogress }))).toBe("worked");
      expect(progress).toEqual(PROGRESS);
      // Each call streams them; a level set by one POST is unknown to the next: all are sent.
      await client.setLoggingLevel("error");
      expect(textOf(await call("log"))).toBe("logged");
      expect(logged).toEqual(["debug", "info", "warning", "error"]);
      const elicited = await call("elicit");
      expect(elicited.isError).toBe(true);
      expect(textOf(elicited)).toBe(
        "elicit: stateless HTTP cannot carry a request from the server to the client, so this server cannot ask the user; serve over stdio, or over HTTP with sessions",
      );
      expect(textOf(await call("sample"))).toMatch(
        /^sample: stateless HTTP cannot carry a request/,
      );
    } finally {
      await client.close();
    }
  });
});

describe("the handler's context in the other targets", () => {
  async function handlers() {
    const runtime = (await import(
      pathToFileURL(
        path.join(consumer.dir, "node_modules/@ctx/runtime/index.js"),
      ).href
    )) as { createRuntime(): { handlers: object } };
    return runtime.createRuntime().handlers;
  }
  const client = { $call: () => Promise.reject(new Error("no platform")) };

  it("lets progress and log pass and fails elicit and sample through dispatch, naming it", async () => {
    const { dispatchResult: dispatch } = await load<{
      dispatchResult(
        name: string,
        args: unknown,
        o: object,
      ): Promise<{ text: string; isError: boolean }>;
    }>("@ctx/function-calling");
    const options = { client, handlers: await handlers() };
    expect(await dispatch("work", { kind: "progress" }, options)).toEqual({
      text: "worked",
      isError: false,
    });
    expect((await dispatch("work", { kind: "log" }, options)).text).toBe(
      "logged",
    );
    expect(await dispatch("work", { kind: "elicit" }, options)).toEqual({
      text: "Error from work: elicit: a tool called through dispatch cannot ask the user a question; only the MCP server can, when its client declares elicitation",
      isError: true,
    });
    expect((await dispatch("work", { kind: "sample" }, options)).text).toMatch(
      /^Error from work: sample: a tool called through dispatch cannot ask a client's model/,
    );
  });

  it("does so through LangChain and the AI SDK", async () => {
    const lc = await load<{
      createTools(o: object): { invoke(a: unknown): Promise<unknown> }[];
    }>("@ctx/langchain");
    const [work] = lc.createTools({ client, handlers: await handlers() });
    expect(await work!.invoke({ kind: "log" })).toBe("logged");
    expect(await work!.invoke({ kind: "elicit" })).toContain(
      "elicit: a tool called through LangChain cannot ask the user a question",
    );
    const ai = await load<{
      createTools(
        o: object,
      ): Record<
        string,
        { execute(input: unknown, o: object): Promise<unknown> }
      >;
    }>("@ctx/ai-sdk");
    const tools = ai.createTools({ client, handlers: await handlers() });
    const run = (kind: string) =>
      tools.work!.execute({ kind }, { toolCallId: "c1", messages: [] });
    expect(await run("progress")).toBe("worked");
    await expect(run("sample")).rejects.toThrow(
      "sample: a tool called through the AI SDK cannot ask a client's model",
    );
  });

  it("does so through the CLI, a real subprocess", () => {
    const run = (kind: string) =>
      spawnSync(
        process.execPath,
        [path.join(consumer.packages.get("@ctx/cli")!, "bin.js"), "work", kind],
        {
          // The CLI makes its client from the environment before any command runs.
          env: {
            ...env(),
            CTX_URL: "http://127.0.0.1:9",
            CTX_WORKSPACE: "ws-1",
            CTX_TOKEN: "tok-ctx-1",
          },
          encoding: "utf8",
        },
      );
    const logged = run("log");
    expect(logged.stderr).toBe("");
    expect(logged.stdout).toBe("logged\n");
    expect(logged.status).toBe(0);
    const elicited = run("elicit");
    expect(elicited.status).not.toBe(0);
    expect(elicited.stderr).toContain(
      "elicit: a tool called through the CLI cannot ask the user a question",
    );
  });
});
