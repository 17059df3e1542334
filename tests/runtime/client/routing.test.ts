import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureOutput, renderings } from "./leaks.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type FixtureClient,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";

// The client generated from the platform fixture: the tools these tests call never change
// with tools.yaml.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { ClientError, createClient, UnknownWorkspaceError } =
  await fixture.load<FixtureClientPackage>("@molecule/platform-client");

const A = { id: "team-alpha", token: "tok-alpha-Xq81vR" };
const B = { id: "team-beta", token: "tok-beta-Lm27pW" };

let platform: PlatformServer;
let client: FixtureClient;

beforeAll(async () => {
  platform = await startPlatform();
  platform.otherwise((req) => ({ body: { ok: true, path: req.path } }));
  client = createClient({ baseUrl: platform.url, workspaces: [A, B] });
});
afterAll(() => platform.close());

describe("routing between two workspaces", () => {
  it("interleaved concurrent calls each carry their own workspace's path and token", async () => {
    platform.requests.length = 0;
    // Answers arrive in the reverse order of the requests, so nothing can lean on ordering.
    platform.otherwise((req) => ({
      body: { path: req.path, auth: req.headers.authorization },
      delayMs:
        60 -
        Number(new URLSearchParams(req.url.split("?")[1]).get("limit") ?? 0) *
          5,
    }));
    const calls = Array.from({ length: 12 }, (_, i) => {
      const ws = i % 2 === 0 ? A : B;
      return {
        ws,
        i,
        promise: client.chatHistory({
          peer_id: `peer-${i}`,
          limit: i,
          source_workspace_id: ws.id,
        }),
      };
    });
    const results = await Promise.all(calls.map((c) => c.promise));
    calls.forEach((c, k) =>
      expect(results[k]).toEqual({
        path: `/workspaces/${c.ws.id}/activity`,
        auth: `Bearer ${c.ws.token}`,
      }),
    );
    expect(platform.requests).toHaveLength(12);
    for (const seen of platform.requests) {
      const peer = Number(
        seen.queryList.find(([k]) => k === "peer_id")![1].slice(5),
      );
      const ws = peer % 2 === 0 ? A : B;
      expect(seen.path).toBe(`/workspaces/${ws.id}/activity`);
      expect(seen.headers.authorization).toBe(`Bearer ${ws.token}`);
    }
    platform.otherwise((req) => ({ body: { ok: true, path: req.path } }));
  });

  it("a call that names no workspace goes to the primary, the first configured", async () => {
    platform.requests.length = 0;
    expect(client.$primary).toBe(A.id);
    expect(client.$workspaces).toEqual([A.id, B.id]);
    await client.getWorkspaceInfo();
    expect(platform.requests[0]!.path).toBe("/workspaces/team-alpha");
    expect(platform.requests[0]!.headers.authorization).toBe(
      `Bearer ${A.token}`,
    );
  });

  it("an unknown workspace is an error and nothing is sent, with any token", async () => {
    platform.requests.length = 0;
    const { error, output } = await captureOutput(() =>
      client.commitMemory({ content: "x", source_workspace_id: "team-gamma" }),
    );
    expect(error).toBeInstanceOf(UnknownWorkspaceError);
    expect(error).toBeInstanceOf(ClientError);
    expect(
      (error as InstanceType<typeof UnknownWorkspaceError>).workspace,
    ).toBe("team-gamma");
    expect((error as Error).message).toBe(
      'workspace "team-gamma" is not configured in this client (configured: "team-alpha", "team-beta")',
    );
    expect(platform.requests).toHaveLength(0);
    for (const text of [renderings(error), output]) {
      expect(text).not.toContain(A.token);
      expect(text).not.toContain(B.token);
    }
  });

  it("a token passed where a workspace id belongs is not echoed", async () => {
    const e = await client
      .listPeers({ source_workspace_id: B.token })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnknownWorkspaceError);
    expect((e as InstanceType<typeof UnknownWorkspaceError>).workspace).toBe(
      "[redacted]",
    );
    expect(renderings(e)).not.toContain(B.token);
  });

  it("a workspace id that only differs in case or spacing is not a match", async () => {
    await expect(
      client.listPeers({ source_workspace_id: "TEAM-ALPHA" }),
    ).rejects.toBeInstanceOf(UnknownWorkspaceError);
    await expect(
      client.listPeers({ source_workspace_id: " team-alpha" }),
    ).rejects.toBeInstanceOf(UnknownWorkspaceError);
  });
});

describe("path parameters are encoded as exactly one segment", () => {
  const odd = [
    ["a/b", "a%2Fb"],
    ["what?x=1", "what%3Fx%3D1"],
    ["frag#ment", "frag%23ment"],
    ["100%", "100%25"],
    ["..a", "..a"],
    ["...", "..."],
    ["sp ace", "sp%20ace"],
    ["ünï", "%C3%BCn%C3%AF"],
    ["back\\slash", "back%5Cslash"],
  ] as const;

  it.each(odd)("workspace id %j is sent as %s", async (id, encoded) => {
    const c = createClient({
      baseUrl: platform.url,
      workspace: { id, token: "tok-odd-Qw3" },
    });
    platform.requests.length = 0;
    await c.getWorkspaceInfo();
    expect(platform.requests[0]!.url).toBe(`/workspaces/${encoded}`);
    // The server decodes it back to the very same value: the segment held data, not structure.
    expect(
      decodeURIComponent(
        platform.requests[0]!.url.slice("/workspaces/".length),
      ),
    ).toBe(id);
    // The body's copy of the workspace id is the raw value, not the encoded one.
    await c.commitMemory({ content: "x" });
    expect(JSON.parse(platform.requests[1]!.text).workspace_id).toBe(id);
  });

  it.each([".", ".."])(
    "a workspace id %j is refused before anything is sent",
    async (id) => {
      const c = createClient({
        baseUrl: platform.url,
        workspace: { id, token: "tok-dot-Qw3" },
      });
      platform.requests.length = 0;
      await expect(c.getWorkspaceInfo()).rejects.toThrow(
        `get_workspace_info: workspace cannot be "${id}": it would not be one path segment`,
      );
      expect(platform.requests).toHaveLength(0);
    },
  );

  it("the base URL's own path prefix is kept and a value cannot climb out of it", async () => {
    const c = createClient({
      baseUrl: `${platform.url}/api/v1/`,
      workspace: { id: "../../admin", token: "tok-pre-Qw3" },
    });
    platform.requests.length = 0;
    await c.getWorkspaceInfo();
    expect(platform.requests[0]!.url).toBe(
      "/api/v1/workspaces/..%2F..%2Fadmin",
    );
  });
});

describe("configured headers", () => {
  it("go with every request, beside the binding's own and the workspace's token", async () => {
    const c = createClient({
      baseUrl: platform.url,
      workspaces: [A, B],
      headers: { "X-Agent": "planner/1" },
    });
    platform.requests.length = 0;
    await c.listPeers({ source_workspace_id: B.id });
    await c.getWorkspaceInfo();
    expect(
      platform.requests.map((s) => [
        s.headers["x-agent"],
        s.headers["x-workspace-id"],
        s.headers.authorization,
      ]),
    ).toEqual([
      ["planner/1", B.id, `Bearer ${B.token}`],
      ["planner/1", undefined, `Bearer ${A.token}`],
    ]);
  });
});
