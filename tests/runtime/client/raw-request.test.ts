import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
const {
  ClientError,
  createClient,
  InputError,
  PlatformError,
  UnknownWorkspaceError,
} = await fixture.load<FixtureClientPackage>("@molecule/platform-client");

const A = { id: "ws-a", token: "tok-raw-a-55aa" };
const B = { id: "ws-b", token: "tok-raw-b-66bb" };
let platform: PlatformServer;
let client: FixtureClient;

beforeAll(async () => {
  platform = await startPlatform();
  client = createClient({ baseUrl: platform.url, workspaces: [A, B] });
});
afterAll(() => platform.close());
beforeEach(() => {
  platform.requests.length = 0;
  platform.otherwise((req) => ({ body: { ok: true, path: req.path } }));
});

describe("$request: endpoints no tool declares, with the same guarantees", () => {
  it("a multipart upload goes to the named workspace with its token", async () => {
    const form = new FormData();
    form.append(
      "files",
      new Blob(["hello file"], { type: "text/plain" }),
      "note.txt",
    );
    const result = await client.$request({
      method: "POST",
      path: "/workspaces/{$workspace}/chat/uploads",
      workspace: "ws-b",
      body: form,
    });
    expect(result).toEqual({ ok: true, path: "/workspaces/ws-b/chat/uploads" });
    const seen = platform.requests[0]!;
    expect(seen.headers.authorization).toBe(`Bearer ${B.token}`);
    expect(seen.headers["content-type"]).toMatch(
      /^multipart\/form-data; boundary=/,
    );
    expect(seen.text).toContain('filename="note.txt"');
    expect(seen.text).toContain("hello file");
  });

  it("a JSON body, parameters as single segments, a query with arrays and gaps", async () => {
    await client.$request({
      method: "POST",
      path: "/workspaces/{$workspace}/items/{id}",
      params: { id: "a/b?c" },
      query: {
        type: "a2a_receive",
        since_id: undefined,
        tag: ["x", "y z"],
        n: 3,
      },
      body: { idempotency_key: "k-1" },
      headers: { "X-Trace": "t" },
    });
    const seen = platform.requests[0]!;
    expect(seen.url).toBe(
      "/workspaces/ws-a/items/a%2Fb%3Fc?type=a2a_receive&tag=x&tag=y%20z&n=3",
    );
    expect(seen.text).toBe('{"idempotency_key":"k-1"}');
    expect(seen.headers["content-type"]).toBe("application/json");
    expect(seen.headers["x-trace"]).toBe("t");
    expect(seen.headers.authorization).toBe(`Bearer ${A.token}`);
  });

  it("errors carry the label; the platform's message comes through", async () => {
    platform.otherwise(() => ({
      status: 410,
      body: { error: "cursor pruned" },
    }));
    const e = await client
      .$request({
        method: "GET",
        path: "/workspaces/{$workspace}/activity",
        label: "inbox poll",
      })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlatformError);
    expect((e as InstanceType<typeof PlatformError>).status).toBe(410);
    expect((e as InstanceType<typeof PlatformError>).message).toBe(
      "cursor pruned",
    );
    expect((e as InstanceType<typeof PlatformError>).tool).toBe("inbox poll");
  });

  it.each([
    [
      { method: "GET", path: "/x", workspace: "ws-c" },
      UnknownWorkspaceError,
      'workspace "ws-c" is not configured in this client (configured: "ws-a", "ws-b")',
    ],
    [
      { method: "GET", path: "x" },
      ClientError,
      "GET x: the path must be a string starting with /",
    ],
    [
      { method: "GET", path: "/x?admin=1" },
      ClientError,
      "GET /x?admin=1: the path may not contain ?, # or unmatched braces: use query",
    ],
    [
      { method: "GET", path: "/items/{id}" },
      InputError,
      "invalid input for GET /items/{id}: path parameter id is missing",
    ],
    [
      { method: "GET", path: "/items/{id}", params: { id: ".." } },
      InputError,
      'invalid input for GET /items/{id}: path parameter id cannot be "..": it would not be one path segment',
    ],
    [
      { method: "GET", path: "/../../workspaces/ws-b/secret" },
      ClientError,
      "GET /../../workspaces/ws-b/secret: the path may not contain a backslash, a control character, or a . or .. segment",
    ],
    [
      { method: "GET", path: "/%2e%2E/workspaces/ws-b" },
      ClientError,
      "GET /%2e%2E/workspaces/ws-b: the path may not contain a backslash, a control character, or a . or .. segment",
    ],
    [
      { method: "GET", path: "/a/./{$workspace}" },
      ClientError,
      "GET /a/./{$workspace}: the path may not contain a backslash, a control character, or a . or .. segment",
    ],
    [
      { method: "GET", path: "/{$workspace}/.\t./x" },
      ClientError,
      "GET /{$workspace}/.\t./x: the path may not contain a backslash, a control character, or a . or .. segment",
    ],
    [
      { method: "GET", path: "/\\..\\x" },
      ClientError,
      "GET /\\..\\x: the path may not contain a backslash, a control character, or a . or .. segment",
    ],
    [
      { method: "GET", path: "/x", headers: { authorization: "Bearer other" } },
      ClientError,
      "GET /x: a request may not set Authorization: the client sends the workspace's own token",
    ],
    [
      { method: "GET", path: "/x", body: {} },
      ClientError,
      "GET /x: a GET request has no body",
    ],
    [
      { method: "TRACE", path: "/x" },
      ClientError,
      'TRACE /x: unsupported method "TRACE"',
    ],
  ])("refuses %j before sending", async (request, type, message) => {
    const e = await client.$request(request as never).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(type);
    expect((e as Error).message).toBe(message);
    expect(platform.requests).toHaveLength(0);
  });

  it("a bad per-call time limit is refused", async () => {
    await expect(client.listPeers({}, { timeoutMs: -1 })).rejects.toThrow(
      "list_peers: timeoutMs must be a positive number of milliseconds",
    );
  });
});
