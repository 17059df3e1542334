import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpV2,
} from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import {
  startPlatform,
  until,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import { docExamples } from "../../helpers/doc-examples.js";
import { platformFixturePath } from "../../helpers/reference-spec.js";

// The MCP examples of docs/packages/mcp.md (```js blocks marked `<!-- example: mcp-… -->`), run
// as written in a process of their own against the platform fixture's packages, which carry the page's
// names; one tool is given a title, an annotations title, an icon, _meta and an output schema
// (the fixture has none), so that the real client of each SDK line sees them and the hints, and
// gets a structuredContent result from the fake platform.

const PAGE = "docs/packages/mcp.md";
const TOKEN = "tok-docs-mcp-5150";
const TITLE = "Describe your workspace";
const OUTPUT = {
  type: "object",
  properties: { name: { type: "string" }, role: { type: "string" } },
  required: ["name"],
};
const INFO = { name: "Primary", role: "worker" };
const ICON = {
  src: "data:image/png;base64,iVBORw0KGgo=",
  mimeType: "image/png",
};
const META = { "example.com/owner": "docs" };

const spec = parse(fs.readFileSync(platformFixturePath, "utf8")) as {
  tools: { name: string }[];
};
const generatedNames = spec.tools.map((t) => t.name);

let fixture: PlatformFixture;
let platform: PlatformServer;

beforeAll(async () => {
  fixture = installPlatformFixture(platformFixturePath, {
    edit: (text) =>
      text.replace(
        "  - name: get_workspace_info\n",
        `  - name: get_workspace_info\n    title: ${TITLE}\n    annotations: { title: ${TITLE} }\n` +
          `    mcp: { icons: [{ src: "${ICON.src}", mime_type: ${ICON.mimeType} }], meta: ${JSON.stringify(META)} }\n` +
          `    output: ${JSON.stringify(OUTPUT)}\n`,
      ),
  });
  platform = await startPlatform();
  platform.otherwise((req) =>
    req.method === "GET" && req.path === "/workspaces/ws-primary"
      ? { body: INFO }
      : undefined,
  );
});
afterAll(async () => {
  await platform?.close();
  fixture?.remove();
});

/** The environment the example reads through createClientFromEnv, and nothing of the tests'. */
const env = () => ({
  PATH: process.env.PATH ?? "",
  PLATFORM_URL: platform.url,
  WORKSPACE_ID: "ws-primary",
  MOLECULE_WORKSPACE_TOKEN: TOKEN,
});

/** Writes an example of the page into the consumer folder, where the packages resolve by name. */
function exampleFile(name: string): string {
  const code = docExamples(PAGE).get(name);
  expect(code, `${PAGE} has no example "${name}"`).toBeDefined();
  const file = path.join(fixture.consumer.dir, `example-${name}.mjs`);
  fs.writeFileSync(file, code!);
  return file;
}

/** What the tests use of either line's Client. */
interface McpClient {
  listTools(): Promise<{ tools: ListedTool[] }>;
  callTool(params: {
    name: string;
    arguments: Record<string, unknown>;
  }): Promise<{
    isError?: boolean;
    structuredContent?: unknown;
    content?: unknown;
  }>;
  close(): Promise<void>;
}
interface ListedTool {
  name: string;
  title?: string;
  annotations?: { title?: string; readOnlyHint?: boolean };
  icons?: unknown;
  _meta?: unknown;
  outputSchema?: unknown;
}

type Line = "v1" | "v2";
const newClient = (
  line: Line,
): McpClient & { connect(t: unknown): Promise<void> } =>
  (line === "v1"
    ? new ClientV1({ name: "agent", version: "0.0.0" })
    : new ClientV2({ name: "agent", version: "0.0.0" })) as never;

const open: McpClient[] = [];
afterEach(async () => {
  platform.requests.length = 0;
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function overStdio(line: Line, file: string): Promise<McpClient> {
  const Transport = line === "v1" ? StdioV1 : StdioV2;
  const client = newClient(line);
  await client.connect(
    new Transport({
      command: process.execPath,
      args: [file],
      env: env(),
      stderr: "pipe",
    }),
  );
  open.push(client);
  return client;
}

async function overHttp(line: Line, url: string): Promise<McpClient> {
  const Transport = line === "v1" ? HttpV1 : HttpV2;
  const client = newClient(line);
  await client.connect(new Transport(new URL(url)));
  open.push(client);
  return client;
}

/** The generated tools, with get_workspace_info's titles, hints, icon, _meta and output schema. */
async function expectGeneratedTools(client: McpClient): Promise<ListedTool[]> {
  const { tools } = await client.listTools();
  expect(tools.slice(0, generatedNames.length).map((t) => t.name)).toEqual(
    generatedNames,
  );
  const info = tools.find((t) => t.name === "get_workspace_info")!;
  expect(info.title).toBe(TITLE);
  expect(info.annotations).toMatchObject({ title: TITLE, readOnlyHint: true });
  expect(info.icons).toEqual([ICON]);
  expect(info._meta).toEqual(META);
  expect(info.outputSchema).toEqual(OUTPUT);
  return tools.slice(generatedNames.length);
}

/** Calls get_workspace_info: the platform's answer as structuredContent, with the example's token. */
async function expectStructuredCall(client: McpClient): Promise<void> {
  const result = await client.callTool({
    name: "get_workspace_info",
    arguments: {},
  });
  expect(result.isError ?? false).toBe(false);
  expect(result.structuredContent).toEqual(INFO);
  expect(
    platform.requests.map((r) => [r.method, r.path, r.authorization]),
  ).toEqual([["GET", "/workspaces/ws-primary", `Bearer ${TOKEN}`]]);
}

describe.each([
  ["mcp-v2", "v2", "@modelcontextprotocol/server"],
  ["mcp-v1", "v1", "@modelcontextprotocol/sdk/server/mcp.js"],
] as const)("docs example %s over stdio", (name, line, sdk) => {
  it(`serves the generated tools beside the user's own, to the ${line} client`, async () => {
    const file = exampleFile(name);
    expect(fs.readFileSync(file, "utf8")).toContain(`from "${sdk}"`);
    const client = await overStdio(line, file);
    const own = await expectGeneratedTools(client);
    expect(own).toHaveLength(1);
    const greeted = await client.callTool({
      name: own[0]!.name,
      arguments: {},
    });
    expect(greeted.isError ?? false).toBe(false);
    await expectStructuredCall(client);
  });
});

describe("docs example mcp-http: createHttpHandler in the user's own http.createServer", () => {
  let child: ChildProcess;
  let url = "";
  beforeAll(async () => {
    child = spawn(process.execPath, [exampleFile("mcp-http")], {
      env: { ...env(), PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    let err = "";
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    await until(
      () => /http:\/\/\S+\/mcp/.test(out) || child.exitCode !== null,
      "the example listens",
      30_000,
    );
    const found = /http:\/\/\S+\/mcp/.exec(out);
    expect(found, `the example printed no URL; stderr: ${err}`).not.toBeNull();
    url = found![0];
  });
  afterAll(() => void child?.kill());

  it.each(["v2", "v1"] as const)(
    "serves the %s client over Streamable HTTP",
    async (line) => {
      const client = await overHttp(line, url);
      expect(await expectGeneratedTools(client)).toEqual([]);
      await expectStructuredCall(client);
    },
  );
});
