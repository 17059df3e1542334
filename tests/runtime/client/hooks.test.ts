import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  inTurn,
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";
import type {
  ClientConfig,
  RequestInfo,
  ResponseInfo,
} from "../../../runtime/client/index.js";
import { REDACTED } from "../../../runtime/client/redact.js";
import { redactUrl } from "../../../runtime/client/hooks.js";

// The client generated from the platform fixture: get_workspace_info (GET /workspaces/{$workspace})
// and commit_memory (POST) never change with tools.yaml.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { ConfigError, createClient, PlatformError } =
  await fixture.load<FixtureClientPackage>("@molecule/platform-client");

const A = { id: "ws-a", token: "tok-hook-a-SECRET-31f7" };
const B = { id: "ws-b", token: "tok-hook-b-SECRET-c04e" };
const GATEWAY_KEY = "gw-key-SECRET-99";

let platform: PlatformServer;
let other: PlatformServer;
beforeAll(async () => {
  platform = await startPlatform();
  other = await startPlatform();
});
afterAll(async () => {
  await platform.close();
  await other.close();
});
beforeEach(() => {
  platform.reset();
  other.reset();
});

/** A client whose hooks record what they are given. */
function watched(over: Partial<ClientConfig> = {}) {
  const seen: (
    | ({ hook: "onRequest" } & RequestInfo)
    | ({ hook: "onResponse" } & ResponseInfo)
  )[] = [];
  const client = createClient({
    baseUrl: platform.url,
    workspaces: [A, B],
    timeoutMs: 2000,
    headers: { "X-Api-Key": GATEWAY_KEY, "X-Trace": "t-1" },
    retry: { sleep: async () => {}, random: () => 0 },
    onRequest: (info) => void seen.push({ hook: "onRequest", ...info }),
    onResponse: (info) => void seen.push({ hook: "onResponse", ...info }),
    ...over,
  } as ClientConfig);
  return { client, seen };
}

describe("onRequest and onResponse", () => {
  it("see each try of a call, in order, with its number, method, URL and status", async () => {
    platform.answer(
      "GET /workspaces/ws-b",
      inTurn({ status: 503, headers: { "retry-after": "0" } }, { body: {} }),
    );
    const { client, seen } = watched();
    await client.getWorkspaceInfo({ source_workspace_id: "ws-b" });
    const url = `${platform.url}/workspaces/ws-b`;
    expect(
      seen.map((s) => [
        s.hook,
        s.tool,
        s.attempt,
        s.method,
        s.url,
        "status" in s ? s.status : null,
      ]),
    ).toEqual([
      ["onRequest", "get_workspace_info", 1, "GET", url, null],
      ["onResponse", "get_workspace_info", 1, "GET", url, 503],
      ["onRequest", "get_workspace_info", 2, "GET", url, null],
      ["onResponse", "get_workspace_info", 2, "GET", url, 200],
    ]);
    expect(platform.requests).toHaveLength(2);
    for (const s of seen)
      if (s.hook === "onResponse")
        expect(s.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("never see a token: Authorization, credential headers and query values are redacted", async () => {
    // The platform echoes the token back in its headers, as a careless one might.
    platform.otherwise((req) => ({
      status: 401,
      headers: {
        "x-echo": `you sent ${req.authorization}`,
        "set-cookie": `session=${req.authorization?.slice(7)}`,
      },
      body: { error: "no" },
    }));
    const { client, seen } = watched();
    await expect(
      client.$request({
        method: "GET",
        path: "/workspaces/{$workspace}/search",
        workspace: "ws-b",
        query: { access_token: "qs-SECRET-1", q: `find ${A.token}` },
      }),
    ).rejects.toBeInstanceOf(PlatformError);
    // The platform did receive the token and the query: only what the hooks see is redacted.
    expect(platform.requests[0]!.authorization).toBe(`Bearer ${B.token}`);
    expect(platform.requests[0]!.query.access_token).toBe("qs-SECRET-1");

    const [request, response] = seen as [
      RequestInfo & { hook: string },
      ResponseInfo & { hook: string },
    ];
    expect(request.headers.authorization).toBe(`Bearer ${REDACTED}`);
    expect(request.headers["x-api-key"]).toBe(REDACTED);
    expect(request.headers["x-trace"]).toBe("t-1");
    expect(request.url).toBe(
      `${platform.url}/workspaces/ws-b/search?access_token=${REDACTED}&q=find%20${REDACTED}`,
    );
    expect(response.headers["x-echo"]).toBe(`you sent Bearer ${REDACTED}`);
    expect(response.headers["set-cookie"]).toBe(REDACTED);
    const text = JSON.stringify(seen);
    for (const secret of [A.token, B.token, GATEWAY_KEY, "qs-SECRET-1"])
      expect(text).not.toContain(secret);
  });

  it("see each hop of a redirect; off the origin the request carries no token at all", async () => {
    platform.answer("GET /workspaces/ws-a", {
      status: 307,
      headers: { location: `${other.url}/elsewhere?token=${A.token}` },
    });
    other.otherwise(() => ({ body: { moved: true } }));
    const { client, seen } = watched();
    await expect(client.getWorkspaceInfo()).resolves.toEqual({ moved: true });
    const requests = seen.filter((s) => s.hook === "onRequest");
    expect(requests.map((r) => r.url)).toEqual([
      `${platform.url}/workspaces/ws-a`,
      `${other.url}/elsewhere?token=${REDACTED}`,
    ]);
    expect(requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${REDACTED}`,
      undefined,
    ]);
    expect(JSON.stringify(seen)).not.toContain(A.token);
  });

  it("a hook that throws fails the call with its own error; onRequest's before anything is sent", async () => {
    const boom = new Error("the log is full");
    const before = watched({
      onRequest: () => {
        throw boom;
      },
    });
    await expect(before.client.getWorkspaceInfo()).rejects.toBe(boom);
    expect(platform.requests).toHaveLength(0);

    const after = watched({
      onResponse: async () => {
        throw boom;
      },
    });
    await expect(after.client.commitMemory({ content: "a fact" })).rejects.toBe(
      boom,
    );
    expect(platform.requests).toHaveLength(1);
  });

  it("a hook that is not a function is a ConfigError", () => {
    expect(() => watched({ onRequest: "log" as never })).toThrow(ConfigError);
    expect(() => watched({ onResponse: {} as never })).toThrow(
      "onResponse must be a function",
    );
  });
});

describe("redactUrl", () => {
  const tokens = ["t0k/en"];
  it.each([
    [
      "https://h/a?api_key=1&apiKey=2&key=3&x=4",
      `https://h/a?api_key=${REDACTED}&apiKey=${REDACTED}&key=${REDACTED}&x=4`,
    ],
    ["https://h/a?Session=1#frag", `https://h/a?Session=${REDACTED}#frag`],
    ["https://u:p@h/a", "https://h/a"],
    [
      "https://h/t0k%2Fen/x?v=t0k%2fen",
      `https://h/${REDACTED}/x?v=${REDACTED}`,
    ],
    ["https://h/a?author=me&monkey=1", "https://h/a?author=me&monkey=1"],
  ])("%s → %s", (url, shown) => {
    expect(redactUrl(url, tokens)).toBe(shown);
  });
});
