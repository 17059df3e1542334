// Copied into the benchmark's temp project and run there, so that the generated packages are
// imported by their names, as a consumer imports them. Prints one JSON line of figures.
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const { lists, calls, rounds } = JSON.parse(process.argv[2]);

const loadStart = performance.now();
const { createClient, validateInput } = await import("@bench/platform-client");
const { createServer, tools, localTools } = await import("@bench/platform-mcp");
const loadMs = performance.now() - loadStart;

/** A value the synthetic spec's schemas accept (bench/spec.mjs writes only these shapes). */
function example(schema) {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case "string":
      return (
        {
          "date-time": "2026-01-02T03:04:05Z",
          date: "2026-01-02",
          email: "agent@example.com",
          uri: "https://example.com/a",
          uuid: "0b5e3c1e-8f5a-4c0e-9d7a-3f2b1c0d9e8f",
        }[schema.format] ?? "text"
      );
    case "integer":
      return schema.minimum ?? 1;
    case "number":
      return 1.5;
    case "boolean":
      return true;
    case "array":
      return [example(schema.items)];
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [
          k,
          example(v),
        ]),
      );
    default:
      return null;
  }
}

// The local tool with the most inputs: its arguments give the validation real work.
const byName = new Map(tools.map((t) => [t.name, t]));
const target = [...localTools].sort(
  (a, b) =>
    Object.keys(byName.get(b).inputSchema.properties ?? {}).length -
    Object.keys(byName.get(a).inputSchema.properties ?? {}).length,
)[0];
const args = example(byName.get(target).inputSchema);
const problems = validateInput(target, args);
if (problems.length > 0)
  throw new Error(
    `the probe's arguments for ${target} are invalid: ${problems.join("; ")}`,
  );

const answer = { done: true };
const handler = async () => answer;
const handlers = Object.fromEntries(localTools.map((name) => [name, handler]));
const client = createClient({
  baseUrl: "http://127.0.0.1:9/",
  workspace: { id: "ws-bench", token: "bench-token" },
});

async function connect(server) {
  const mcp = new Client({ name: "bench", version: "0.0.0" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), mcp.connect(b)]);
  return mcp;
}

const createStart = performance.now();
const wired = await connect(createServer({ client, handlers }));
const createMs = performance.now() - createStart;

// The same SDK server with one hand-written handler: what a call costs without the wiring.
const bareServer = new Server(
  { name: "bare", version: "0.0.0" },
  { capabilities: { tools: {} } },
);
// Its tools/list answers the generated server's listing, once fetched: what listing costs the SDK.
let bareListing = [];
bareServer.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: bareListing,
}));
bareServer.setRequestHandler(CallToolRequestSchema, async (request) => {
  const value = await handler(request.params.arguments, {});
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }] };
});
const bare = await connect(bareServer);

bareListing = (await wired.listTools()).tools;
const listMs = [];
const bareListMs = [];
// Alternately, as the calls below: the same listing through the wiring and through a bare handler.
for (let i = 0; i < lists + 5; i++) {
  for (const [mcp, into] of [
    [wired, listMs],
    [bare, bareListMs],
  ]) {
    const start = performance.now();
    const listed = await mcp.listTools();
    const ms = performance.now() - start;
    if (listed.tools.length !== tools.length)
      throw new Error(
        `listed ${listed.tools.length} tools, the table has ${tools.length}`,
      );
    if (i >= 5) into.push(ms);
  }
}

async function perCall(mcp) {
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
    const result = await mcp.callTool({ name: target, arguments: args });
    if (result.isError)
      throw new Error(`${target} failed: ${JSON.stringify(result.content)}`);
  }
  return (performance.now() - start) / calls;
}
await perCall(wired);
await perCall(bare);
const wiredMs = [];
const bareMs = [];
// Alternating rounds, so that load on a shared machine lands on both sides alike.
for (let i = 0; i < rounds; i++) {
  wiredMs.push(await perCall(wired));
  bareMs.push(await perCall(bare));
}

process.stdout.write(
  `${JSON.stringify({ tools: tools.length, target, loadMs, createMs, listMs, bareListMs, wiredMs, bareMs })}\n`,
);
await Promise.all([wired.close(), bare.close()]);
