import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { failureHiding } from "./leaks.js";
import {
  closedPort,
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
  NetworkError,
  PlatformError,
  TimeoutError,
} = await fixture.load<FixtureClientPackage>("@molecule/platform-client");

const A = { id: "ws-a", token: "tok-a-SECRET-4f9d2c" };
const B = { id: "ws-b", token: "tok-b-SECRET-8e1b7a" };
const TOKENS = [A.token, B.token];

let platform: PlatformServer;
let client: FixtureClient;

beforeAll(async () => {
  platform = await startPlatform();
  client = createClient({
    baseUrl: platform.url,
    workspaces: [A, B],
    timeoutMs: 2000,
    // Each failure here is the first answer's: retries have their own tests (retries.test.ts).
    retry: false,
  });
});
afterAll(() => platform.close());
beforeEach(() => {
  platform.requests.length = 0;
  platform.otherwise((req) => ({ body: { ok: true, path: req.path } }));
});

const failure = (call: () => Promise<unknown>) => failureHiding(TOKENS, call);

describe("platform errors", () => {
  it.each([
    [404, { error: "workspace not found" }, "workspace not found"],
    [
      403,
      { message: "not a member of this team" },
      "not a member of this team",
    ],
    [422, { detail: "limit must be positive" }, "limit must be positive"],
    [
      422,
      {
        detail: [
          {
            loc: ["query", "limit"],
            msg: "ensure this value is greater than 0",
          },
        ],
      },
      "ensure this value is greater than 0",
    ],
    [
      409,
      { error: { code: "conflict", message: "delegation already exists" } },
      "delegation already exists",
    ],
    [400, "plain text: bad scope", "plain text: bad scope"],
    [500, { error: "database unavailable" }, "database unavailable"],
    [503, "", "the platform answered 503 Service Unavailable"],
    [
      502,
      "<html><body>Bad gateway</body></html>",
      "the platform answered 502 Bad Gateway",
    ],
    [
      500,
      { unexpected: true },
      "the platform answered 500 Internal Server Error",
    ],
  ] as const)(
    "%i with %j → PlatformError %j",
    async (status, body, message) => {
      platform.otherwise(() => ({ status, body }));
      const e = await failure(() => client.getWorkspaceInfo());
      expect(e).toBeInstanceOf(PlatformError);
      expect(e).toBeInstanceOf(ClientError);
      expect(e.message).toBe(message);
      expect((e as InstanceType<typeof PlatformError>).status).toBe(status);
      expect((e as InstanceType<typeof PlatformError>).tool).toBe(
        "get_workspace_info",
      );
      expect((e as InstanceType<typeof PlatformError>).body).toEqual(
        body === "" ? null : body,
      );
    },
  );

  it("a long message is cut after the token is removed, so no part of a token across the cut survives", async () => {
    platform.otherwise((req) => ({
      status: 401,
      body: `${"x".repeat(985)} ${req.headers.authorization}`,
    }));
    const e = (await failure(() => client.listPeers())) as InstanceType<
      typeof PlatformError
    >;
    // 1,000 characters of the redacted text, then the ellipsis.
    expect(e.message).toBe(`${"x".repeat(985)} Bearer [redact…`);
    expect(e.message).not.toContain("tok-");
  });

  it("a platform that echoes the token it refused does not get it into the error", async () => {
    platform.otherwise((req) => ({
      status: 401,
      body: {
        error: `invalid token ${req.headers.authorization}`,
        seen: { auth: req.headers.authorization },
      },
    }));
    const e = (await failure(() =>
      client.listPeers({ source_workspace_id: "ws-b" }),
    )) as InstanceType<typeof PlatformError>;
    expect(e.status).toBe(401);
    expect(e.message).toBe("invalid token Bearer [redacted]");
    expect(e.body).toEqual({
      error: "invalid token Bearer [redacted]",
      seen: { auth: "Bearer [redacted]" },
    });
  });

  it("a reason phrase that carries the token is redacted too", async () => {
    platform.otherwise(() => ({
      status: 401,
      statusText: `Refused ${A.token}`,
    }));
    const e = (await failure(() => client.getWorkspaceInfo())) as InstanceType<
      typeof PlatformError
    >;
    expect(e.message).toBe("the platform answered 401 Refused [redacted]");
  });

  it("a 2xx answer that claims JSON but is not is an error, not a string", async () => {
    platform.otherwise(() => ({
      headers: { "content-type": "application/json" },
      body: "{not json",
    }));
    const e = await failure(() => client.getWorkspaceInfo());
    expect(e.message).toBe(
      "get_workspace_info: the platform answered 200 with invalid JSON",
    );
  });

  it("an empty 204 comes back as null and a text answer as text", async () => {
    platform.otherwise(() => ({ status: 204 }));
    expect(await client.getWorkspaceInfo()).toBeNull();
    platform.otherwise(() => ({
      headers: { "content-type": "text/plain" },
      body: "queued",
    }));
    expect(await client.getWorkspaceInfo()).toBe("queued");
  });
});

describe("timeouts and network failures", () => {
  it("no answer within the time limit is a TimeoutError", async () => {
    platform.otherwise(() => ({ body: {}, delayMs: 1500 }));
    const started = Date.now();
    const e = await failure(() =>
      client.getWorkspaceInfo({}, { timeoutMs: 200 }),
    );
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.message).toBe(
      "get_workspace_info: no answer from the platform within 200 ms",
    );
    expect((e as InstanceType<typeof TimeoutError>).timeoutMs).toBe(200);
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it("the client's default time limit applies when the call gives none", async () => {
    const quick = createClient({
      baseUrl: platform.url,
      workspace: A,
      timeoutMs: 150,
    });
    platform.otherwise(() => ({ body: {}, delayMs: 1000 }));
    const e = await failure(() => quick.listPeers());
    expect(e).toBeInstanceOf(TimeoutError);
  });

  it("a caller's abort signal cancels the call with its own reason", async () => {
    platform.otherwise(() => ({ body: {}, delayMs: 1000 }));
    const controller = new AbortController();
    const call = client.getWorkspaceInfo({}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user pressed stop")), 50);
    await expect(call).rejects.toThrow("user pressed stop");
  });

  it("a refused connection is a NetworkError naming the place, not the token", async () => {
    const port = await closedPort();
    const down = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      workspaces: [A, B],
    });
    const e = await failure(() =>
      down.commitMemory({ content: "x", source_workspace_id: "ws-b" }),
    );
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as InstanceType<typeof NetworkError>).code).toBe("ECONNREFUSED");
    expect(e.message).toContain(
      `commit_memory: cannot reach the platform (POST http://127.0.0.1:${port}/workspaces/ws-b/memories)`,
    );
  });

  it("a custom fetch that throws with the token in its message: toolgen's words, never its message", async () => {
    const leaky: typeof fetch = async (_url, init) => {
      throw new TypeError(
        `proxy refused request with ${new Headers(init?.headers).get("authorization")}`,
      );
    };
    const c = createClient({
      baseUrl: platform.url,
      workspace: A,
      fetch: leaky,
    });
    const e = await failure(() => c.listPeers());
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.message).toMatch(/: the connection failed$/);
    expect(e.message).not.toContain("proxy refused");
    expect(e.message).not.toContain(A.token);
  });

  it("a cause with a system code is worded by its kind, the code kept", async () => {
    const kinds: [string, string][] = [
      ["ECONNREFUSED", "the connection was refused"],
      ["ENOTFOUND", "the host name could not be resolved"],
      ["UND_ERR_CONNECT_TIMEOUT", "the connection timed out"],
      ["ECONNRESET", "the connection was closed before the platform answered"],
      [
        "UND_ERR_SOCKET",
        "the connection was closed before the platform answered",
      ],
      [
        "DEPTH_ZERO_SELF_SIGNED_CERT",
        "the secure (TLS) connection could not be set up",
      ],
      [
        "ERR_SSL_WRONG_VERSION_NUMBER",
        "the secure (TLS) connection could not be set up",
      ],
      ["EHOSTUNREACH", "the connection failed"],
    ];
    for (const [code, phrase] of kinds) {
      const failing: typeof fetch = async () => {
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error(`system says ${code}`), { code }),
        });
      };
      const c = createClient({
        baseUrl: platform.url,
        workspace: A,
        fetch: failing,
      });
      const e = (await failure(() => c.listPeers())) as InstanceType<
        typeof NetworkError
      >;
      expect([code, e.message.split("): ")[1], e.code]).toEqual([
        code,
        phrase,
        code,
      ]);
    }
  });
});
describe("what is refused before sending", () => {
  it("invalid input is an InputError naming each field, and nothing is sent", async () => {
    const e = await failure(() =>
      client.$call("commit_memory", { scope: "EVERYONE" } as never),
    );
    expect(e).toBeInstanceOf(InputError);
    expect((e as InstanceType<typeof InputError>).problems).toEqual([
      "content is required",
      'scope must be one of "LOCAL", "TEAM", "GLOBAL"',
    ]);
    expect(platform.requests).toHaveLength(0);
  });

  it("a local tool and an unknown tool cannot be called over HTTP", async () => {
    await expect(
      client.$call("inbox_pop" as never, { activity_id: "1" } as never),
    ).rejects.toThrow(
      "inbox_pop is not a platform call: the agent's runtime handles it with its own handler",
    );
    await expect(
      client.$call("search_memory" as never, {} as never),
    ).rejects.toThrow('unknown tool "search_memory"');
    expect(platform.requests).toHaveLength(0);
  });

  it("the base URL comes from the configuration only: an absolute URL as input stays a path segment", async () => {
    const c = createClient({
      baseUrl: platform.url,
      workspace: { id: "http://evil.example", token: A.token },
    });
    await c.getWorkspaceInfo();
    expect(platform.requests[0]!.url).toBe(
      "/workspaces/http%3A%2F%2Fevil.example",
    );
  });
});

describe("a server that hangs up", () => {
  it("a connection reset mid-answer is a NetworkError", async () => {
    const server = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    const c = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      workspace: A,
    });
    const e = await failure(() => c.listPeers());
    expect(e).toBeInstanceOf(NetworkError);
    await new Promise<void>((r) => server.close(() => r()));
  });
});
