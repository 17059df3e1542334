import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { failureHiding } from "./leaks.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type FixtureClient,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";

// The client generated from the platform fixture, answered by a redirecting platform: it follows
// a redirect only within its base URL, and no token, header or body ever reaches another place.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { ClientError, createClient } = await fixture.load<FixtureClientPackage>(
  "@molecule/platform-client",
);

const A = { id: "ws-a", token: "tok-a-SECRET-4f9d2c" };
const B = { id: "ws-b", token: "tok-b-SECRET-8e1b7a" };
const failure = (call: () => Promise<unknown>) =>
  failureHiding([A.token, B.token], call);

let platform: PlatformServer;
/** Another origin, where a refused redirect points. */
let other: PlatformServer;
let client: FixtureClient;

beforeAll(async () => {
  platform = await startPlatform();
  other = await startPlatform();
  client = createClient({
    baseUrl: platform.url,
    workspaces: [A, B],
    timeoutMs: 2000,
    // Each failure here is the first answer's: retries have their own tests (retries.test.ts).
    retry: false,
  });
});
afterAll(async () => {
  await platform.close();
  await other.close();
});
beforeEach(() => {
  platform.requests.length = 0;
  other.requests.length = 0;
  platform.otherwise((req) => ({ body: { ok: true, path: req.path } }));
  other.otherwise((req) => ({ body: { ok: true, path: req.path } }));
});

describe("redirects", () => {
  it.each([
    [302, "GET"],
    [307, "POST"],
    [308, "PUT"],
  ])(
    "a %i to another origin is refused: no token, no header, no body reaches it (%s)",
    async (status, method) => {
      platform.otherwise(() => ({
        status,
        headers: { location: `${other.url}/elsewhere` },
      }));
      const c = createClient({
        baseUrl: platform.url,
        workspace: A,
        headers: { "x-user-set": "user-secret-1" },
      });
      const e = await failure(() =>
        c.$request({
          method: method as "GET" | "POST" | "PUT",
          path: "/workspaces/{$workspace}/thing",
          headers: { "x-api-key": "key-from-the-caller" },
          ...(method === "GET" ? {} : { body: { secret: "the body" } }),
        }),
      );
      expect(e).toBeInstanceOf(ClientError);
      expect(e.message).toBe(
        `${method} /workspaces/{$workspace}/thing: the platform redirected to another origin (${other.url}); the client follows redirects only within ${platform.url}`,
      );
      expect(platform.requests).toHaveLength(1);
      expect(platform.requests[0]!.headers["x-api-key"]).toBe(
        "key-from-the-caller",
      );
      expect(other.requests).toEqual([]);
    },
  );

  it("a header bound from the spec does not follow a redirect to another origin either", async () => {
    platform.otherwise(() => ({
      status: 302,
      headers: { location: `${other.url}/peers` },
    }));
    const e = await failure(() => client.listPeers());
    expect(e.message).toContain("the platform redirected to another origin");
    expect(platform.requests[0]!.headers["x-workspace-id"]).toBe(A.id);
    expect(other.requests).toEqual([]);
  });

  it.each(["/admin/steal", "/api/../admin", "/api/%2e%2e/admin", "/apix/y"])(
    "a redirect out of the base URL's path (%s) is refused, on the same origin too",
    async (location) => {
      platform.otherwise((req) =>
        req.path.startsWith("/api/")
          ? { status: 307, headers: { location } }
          : { body: { stolen: true } },
      );
      const c = createClient({ baseUrl: `${platform.url}/api`, workspace: A });
      const e = await failure(() =>
        c.$request({
          method: "POST",
          path: "/workspaces/{$workspace}/thing",
          body: { secret: "the body" },
        }),
      );
      expect(e).toBeInstanceOf(ClientError);
      expect(e.message).toContain(
        "the platform redirected outside the base URL's path (/api/)",
      );
      expect(platform.requests.map((r) => r.path)).toEqual([
        "/api/workspaces/ws-a/thing",
      ]);
    },
  );

  it("a same-origin redirect keeps the token; 303 turns a POST into a GET without body", async () => {
    platform.otherwise((req) =>
      req.path === "/done"
        ? { body: { ok: true, path: req.path } }
        : { status: 303, headers: { location: "/done" } },
    );
    await client.broadcastMessage({ message: "hi" });
    expect(
      platform.requests.map((s) => [
        s.method,
        s.path,
        s.headers.authorization,
        s.text,
      ]),
    ).toEqual([
      [
        "POST",
        "/workspaces/ws-a/broadcast",
        `Bearer ${A.token}`,
        '{"message":"hi"}',
      ],
      ["GET", "/done", `Bearer ${A.token}`, ""],
    ]);
  });

  it("a redirect loop ends with an error", async () => {
    platform.otherwise(() => ({
      status: 302,
      headers: { location: "/again" },
    }));
    const e = await failure(() => client.getWorkspaceInfo());
    expect(e.message).toBe("get_workspace_info: more than 5 redirects");
    expect(platform.requests).toHaveLength(6);
  });

  it("a redirect to a non-HTTP scheme is refused", async () => {
    platform.otherwise(() => ({
      status: 302,
      headers: { location: "file:///etc/passwd" },
    }));
    const e = await failure(() => client.getWorkspaceInfo());
    expect(e.message).toBe(
      "get_workspace_info: the platform redirected to a non-HTTP URL",
    );
  });
});
