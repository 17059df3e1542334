import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type FixtureClient,
  type FixtureClientPackage,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";

/*
 * What the platform must see for each HTTP-bound tool of the platform fixture (the reference
 * tools.yaml as these cases were written from it, tests/fixtures/platform/tools.yaml),
 * written by hand from issue 2's table (never derived from the bindings themselves).
 * `{src}` is the routed workspace: the route input when given, else the primary.
 */
const PRIMARY = { id: "ws-primary", token: "tok-primary-7Q2x" };
const SECOND = { id: "ws-second", token: "tok-second-9Z4k" };

interface Case {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly method: string;
  readonly path: string;
  readonly query?: [string, string][];
  /** The JSON body, or undefined when none may be sent. */
  readonly body?: unknown;
  /** Headers beyond Authorization, Accept and Content-Type. */
  readonly headers?: Record<string, string>;
  readonly token: string;
}

const cases: Case[] = [
  {
    tool: "delegate_task_async",
    input: { workspace_id: "peer-1", task: "Summarise the report" },
    method: "POST",
    path: "/workspaces/ws-primary/delegate",
    body: { target_id: "peer-1", task: "Summarise the report" },
    token: PRIMARY.token,
  },
  {
    tool: "delegate_task_async",
    input: {
      workspace_id: "peer-1",
      task: "t",
      source_workspace_id: "ws-second",
    },
    method: "POST",
    path: "/workspaces/ws-second/delegate",
    body: { target_id: "peer-1", task: "t" },
    token: SECOND.token,
  },
  {
    tool: "check_task_status",
    input: { workspace_id: "peer-1", task_id: "del-42" },
    method: "GET",
    path: "/workspaces/ws-primary/delegations",
    query: [
      ["target_id", "peer-1"],
      ["delegation_id", "del-42"],
    ],
    token: PRIMARY.token,
  },
  {
    tool: "check_task_status",
    input: {
      workspace_id: "peer-1",
      task_id: "del-42",
      source_workspace_id: "ws-second",
    },
    method: "GET",
    path: "/workspaces/ws-second/delegations",
    query: [
      ["target_id", "peer-1"],
      ["delegation_id", "del-42"],
    ],
    token: SECOND.token,
  },
  {
    tool: "list_peers",
    input: {},
    method: "GET",
    path: "/registry/ws-primary/peers",
    headers: { "x-workspace-id": "ws-primary" },
    token: PRIMARY.token,
  },
  {
    tool: "list_peers",
    input: { source_workspace_id: "ws-second" },
    method: "GET",
    path: "/registry/ws-second/peers",
    headers: { "x-workspace-id": "ws-second" },
    token: SECOND.token,
  },
  {
    tool: "get_workspace_info",
    input: {},
    method: "GET",
    path: "/workspaces/ws-primary",
    token: PRIMARY.token,
  },
  {
    tool: "get_workspace_info",
    input: { source_workspace_id: "ws-second" },
    method: "GET",
    path: "/workspaces/ws-second",
    token: SECOND.token,
  },
  {
    tool: "update_agent_card",
    input: { card: { name: "planner", skills: ["plan", "review"] } },
    method: "POST",
    path: "/registry/update-card",
    body: {
      workspace_id: "ws-primary",
      agent_card: { name: "planner", skills: ["plan", "review"] },
    },
    token: PRIMARY.token,
  },
  {
    tool: "broadcast_message",
    input: { message: "Plan changed" },
    method: "POST",
    path: "/workspaces/ws-primary/broadcast",
    body: { message: "Plan changed" },
    token: PRIMARY.token,
  },
  {
    tool: "broadcast_message",
    input: { message: "Plan changed", workspace_id: "ws-second" },
    method: "POST",
    path: "/workspaces/ws-second/broadcast",
    body: { message: "Plan changed" },
    token: SECOND.token,
  },
  {
    tool: "chat_history",
    input: { peer_id: "peer-1", limit: 5, before_ts: "2026-01-02T03:04:05Z" },
    method: "GET",
    path: "/workspaces/ws-primary/activity",
    query: [
      ["peer_id", "peer-1"],
      ["limit", "5"],
      ["before_ts", "2026-01-02T03:04:05Z"],
    ],
    token: PRIMARY.token,
  },
  {
    tool: "chat_history",
    input: { peer_id: "peer 1&x=y", source_workspace_id: "ws-second" },
    method: "GET",
    path: "/workspaces/ws-second/activity",
    query: [["peer_id", "peer 1&x=y"]],
    token: SECOND.token,
  },
  {
    tool: "commit_memory",
    input: { content: "The user prefers metric units." },
    method: "POST",
    path: "/workspaces/ws-primary/memories",
    body: {
      content: "The user prefers metric units.",
      scope: "LOCAL",
      workspace_id: "ws-primary",
    },
    token: PRIMARY.token,
  },
  {
    tool: "commit_memory",
    input: {
      content: "Shared fact",
      scope: "TEAM",
      source_workspace_id: "ws-second",
    },
    method: "POST",
    path: "/workspaces/ws-second/memories",
    body: { content: "Shared fact", scope: "TEAM", workspace_id: "ws-second" },
    token: SECOND.token,
  },
  {
    tool: "recall_memory",
    input: { query: "units", scope: "GLOBAL" },
    method: "GET",
    path: "/workspaces/ws-primary/memories",
    query: [
      ["query", "units"],
      ["scope", "GLOBAL"],
      ["workspace_id", "ws-primary"],
    ],
    token: PRIMARY.token,
  },
  {
    tool: "recall_memory",
    input: {},
    method: "GET",
    path: "/workspaces/ws-primary/memories",
    query: [["workspace_id", "ws-primary"]],
    token: PRIMARY.token,
  },
  {
    tool: "recall_memory",
    input: { scope: "", source_workspace_id: "ws-second" },
    method: "GET",
    path: "/workspaces/ws-second/memories",
    query: [
      ["scope", ""],
      ["workspace_id", "ws-second"],
    ],
    token: SECOND.token,
  },
];

/** Headers that fetch and the client send with every request, whatever the tool. */
const TRANSPORT_HEADERS = new Set([
  "host",
  "connection",
  "accept",
  "accept-encoding",
  "accept-language",
  "sec-fetch-mode",
  "user-agent",
  "content-type",
  "content-length",
  "authorization",
]);

let platform: PlatformServer;
let fixture: PlatformFixture;
let pkg: FixtureClientPackage;
let client: FixtureClient;

beforeAll(async () => {
  fixture = installPlatformFixture();
  pkg = await fixture.load<FixtureClientPackage>("@molecule/platform-client");
  platform = await startPlatform();
  platform.otherwise((req) => ({ body: { ok: true, path: req.path } }));
  client = pkg.createClient({
    baseUrl: platform.url,
    workspaces: [PRIMARY, SECOND],
  });
});
afterAll(async () => {
  await platform.close();
  fixture.remove();
});

describe("each HTTP-bound tool sends exactly the request issue 2 describes", () => {
  it("has a case for every HTTP-bound tool and none for a local one", () => {
    const http = pkg.tools.filter((t) => !t.local).map((t) => t.name);
    expect(new Set(cases.map((c) => c.tool))).toEqual(new Set(http));
    expect(http).toHaveLength(9);
  });

  it.each(cases.map((c, i) => [`${c.tool} #${i}`, c] as const))(
    "%s",
    async (_, c) => {
      platform.requests.length = 0;
      const result = await client.$call(c.tool, c.input);
      expect(platform.requests).toHaveLength(1);
      const seen = platform.requests[0]!;
      expect(seen.method).toBe(c.method);
      expect(seen.path).toBe(c.path);
      expect(seen.queryList).toEqual(c.query ?? []);
      if (c.body === undefined) {
        expect(seen.text).toBe("");
        expect(seen.headers["content-type"]).toBeUndefined();
      } else {
        expect(JSON.parse(seen.text)).toEqual(c.body);
        expect(Object.keys(JSON.parse(seen.text))).toEqual(
          Object.keys(c.body as object),
        );
        expect(seen.headers["content-type"]).toBe("application/json");
      }
      expect(seen.headers.authorization).toBe(`Bearer ${c.token}`);
      expect(seen.headers.accept).toBe("application/json");
      // Beyond what fetch itself adds, exactly the binding's headers arrive.
      const own = Object.fromEntries(
        Object.entries(seen.headers).filter(
          ([name]) => !TRANSPORT_HEADERS.has(name),
        ),
      );
      expect(own).toEqual(c.headers ?? {});
      // The platform's JSON answer comes back parsed.
      expect(result).toEqual({ ok: true, path: c.path });
    },
  );

  it("the named methods send what $call sends", async () => {
    platform.requests.length = 0;
    await client.commitMemory({ content: "via method", scope: "LOCAL" });
    await client.listPeers();
    expect(platform.requests.map((s) => [s.method, s.url, s.text])).toEqual([
      [
        "POST",
        "/workspaces/ws-primary/memories",
        '{"content":"via method","scope":"LOCAL","workspace_id":"ws-primary"}',
      ],
      ["GET", "/registry/ws-primary/peers", ""],
    ]);
  });
});
