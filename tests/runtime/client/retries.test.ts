import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import {
  inTurn,
  startPlatform,
  until,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  A,
  attemptsOn,
  busy,
  fakeClock,
  INFO,
  OK,
  retryClients,
} from "./retry-fakes.js";
import {
  installPlatformFixture,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";
import type { ClientConfig } from "../../../runtime/client/index.js";
import { retryAfterMs } from "../../../runtime/client/retry.js";

// The client generated from the platform fixture: get_workspace_info is a GET, commit_memory a
// POST, and neither changes with tools.yaml.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { createClient, PlatformError, TimeoutError } =
  await fixture.load<FixtureClientPackage>("@molecule/platform-client");

let platform: PlatformServer;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());
beforeEach(() => platform.reset());

const clientWith = retryClients(createClient, () => platform);
const attempts = (path: string) => attemptsOn(platform, path);

describe("idempotent calls are tried again on 429, 502, 503 and 504", () => {
  it.each([429, 502, 503, 504])(
    "%i, then 200: the answer of the second try",
    async (status) => {
      const clock = fakeClock();
      platform.answer(`GET ${INFO}`, inTurn(busy(status, "1"), OK));
      const client = clientWith(clock.options);
      await expect(client.getWorkspaceInfo()).resolves.toEqual(OK.body);
      expect(attempts(INFO)).toBe(2);
      expect(clock.waits).toEqual([1000]);
      // The retry is the same request: same token, same query.
      const [first, second] = platform.requests;
      expect(second!.url).toBe(first!.url);
      expect(second!.authorization).toBe(`Bearer ${A.token}`);
    },
  );

  it.each([500, 501, 400, 404, 409])(
    "%i is not retried: it says nothing about trying later",
    async (status) => {
      const clock = fakeClock();
      platform.answer(`GET ${INFO}`, inTurn(busy(status, "1"), OK));
      const e = await clientWith(clock.options)
        .getWorkspaceInfo()
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PlatformError);
      expect((e as InstanceType<typeof PlatformError>).status).toBe(status);
      expect(attempts(INFO)).toBe(1);
      expect(clock.waits).toEqual([]);
    },
  );

  it("gives up after the number of attempts, with the platform's last error", async () => {
    for (const [retry, tries] of [
      [{}, 3],
      [{ attempts: 5 }, 5],
      [{ attempts: 1 }, 1],
    ] as const) {
      platform.reset();
      const clock = fakeClock();
      platform.answer(`GET ${INFO}`, busy(503, "0"));
      const e = await clientWith({ ...clock.options, ...retry })
        .getWorkspaceInfo()
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PlatformError);
      expect((e as Error).message).toBe("busy (503)");
      expect(attempts(INFO)).toBe(tries);
      expect(clock.waits).toEqual(Array(tries - 1).fill(0));
    }
  });

  it("PUT and DELETE through $request are retried; POST and PATCH never are", async () => {
    const path = "/workspaces/ws-a/things/t1";
    for (const [method, tries] of [
      ["GET", 3],
      ["PUT", 3],
      ["DELETE", 3],
      ["POST", 1],
      ["PATCH", 1],
    ] as const) {
      platform.reset();
      platform.answer(`${method} ${path}`, busy(503, "0"));
      const client = clientWith(fakeClock().options);
      await expect(
        client.$request({ method, path: "/workspaces/{$workspace}/things/t1" }),
      ).rejects.toBeInstanceOf(PlatformError);
      expect([method, attempts(path)]).toEqual([method, tries]);
    }
  });

  it("a POST tool is sent once, whatever the retry options say", async () => {
    const clock = fakeClock();
    platform.answer("POST /workspaces/ws-a/memories", busy(503, "0"));
    const client = clientWith({ ...clock.options, attempts: 5 });
    await expect(
      client.commitMemory({ content: "a fact" }, { retry: { attempts: 5 } }),
    ).rejects.toBeInstanceOf(PlatformError);
    expect(attempts("/workspaces/ws-a/memories")).toBe(1);
    expect(clock.waits).toEqual([]);
  });
});

describe("how long the client waits", () => {
  it("honours Retry-After in seconds and as an HTTP-date", async () => {
    const clock = fakeClock();
    const start = clock.options.now();
    const at = start + 7000;
    platform.answer(
      `GET ${INFO}`,
      inTurn(busy(429, "2"), busy(503, new Date(at).toUTCString()), OK),
    );
    const client = clientWith({ ...clock.options, attempts: 3 });
    await expect(client.getWorkspaceInfo()).resolves.toEqual(OK.body);
    // 2 s, then until the date: it is read against the clock as it is after the first wait.
    expect(clock.waits).toEqual([2000, at - (start + 2000)]);
  });

  it("without Retry-After, backs off exponentially, between half and all of each step, capped", async () => {
    for (const [random, expected] of [
      [() => 0, [50, 100, 150]],
      [() => 0.5, [75, 150, 225]],
      [() => 1, [100, 200, 300]],
    ] as const) {
      platform.reset();
      const clock = fakeClock();
      platform.answer(`GET ${INFO}`, busy(502));
      const client = clientWith({
        ...clock.options,
        attempts: 4,
        baseDelayMs: 100,
        maxDelayMs: 300,
        random,
      });
      await expect(client.getWorkspaceInfo()).rejects.toBeInstanceOf(
        PlatformError,
      );
      expect(clock.waits).toEqual(expected);
    }
  });

  it("a Retry-After it cannot read is left for the backoff", async () => {
    const clock = fakeClock();
    platform.answer(`GET ${INFO}`, inTurn(busy(503, "soon-ish"), OK));
    await clientWith({
      ...clock.options,
      baseDelayMs: 40,
      random: () => 0,
    }).getWorkspaceInfo();
    expect(clock.waits).toEqual([20]);
  });

  it("a Retry-After past the budget ends retrying at once, with the platform's error", async () => {
    const clock = fakeClock();
    platform.answer(`GET ${INFO}`, inTurn(busy(503, "31"), OK));
    const e = await clientWith(clock.options) // budget: 30 s by default
      .getWorkspaceInfo()
      .catch((x: unknown) => x);
    expect((e as InstanceType<typeof PlatformError>).status).toBe(503);
    expect(attempts(INFO)).toBe(1);
    expect(clock.waits).toEqual([]);
  });

  it("the budget counts from the first try: no retry starts once it is spent", async () => {
    const clock = fakeClock();
    platform.answer(`GET ${INFO}`, busy(429, "4"));
    const e = await clientWith({
      ...clock.options,
      attempts: 10,
      budgetMs: 10_000,
    })
      .getWorkspaceInfo()
      .catch((x: unknown) => x);
    expect((e as InstanceType<typeof PlatformError>).status).toBe(429);
    // 4 s and 8 s fit in 10 s; a third wait would end at 12 s.
    expect(clock.waits).toEqual([4000, 4000]);
    expect(attempts(INFO)).toBe(3);
  });

  it("a retry's time limit is cut to what is left of the budget", async () => {
    const clock = fakeClock();
    platform.answer(`GET ${INFO}`, inTurn(busy(503), { ...OK, delayMs: 1000 }));
    const client = clientWith({
      ...clock.options,
      budgetMs: 1000,
      baseDelayMs: 900,
      random: () => 1,
    });
    const e = await client.getWorkspaceInfo().catch((x: unknown) => x);
    expect(clock.waits).toEqual([900]);
    expect(e).toBeInstanceOf(TimeoutError);
    expect((e as InstanceType<typeof TimeoutError>).timeoutMs).toBe(100);
  });

  it("with the real clock: Retry-After: 0 retries at once", async () => {
    platform.answer(`GET ${INFO}`, inTurn(busy(503, "0"), OK));
    await expect(clientWith().getWorkspaceInfo()).resolves.toEqual(OK.body);
    expect(attempts(INFO)).toBe(2);
  });

  it("cancelling the call during a wait rejects with the signal's reason and sends nothing more", async () => {
    platform.answer(`GET ${INFO}`, inTurn(busy(503, "20"), OK));
    const controller = new AbortController();
    const reason = new Error("the user gave up");
    const call = clientWith().getWorkspaceInfo(
      {},
      { signal: controller.signal },
    );
    await until(() => attempts(INFO) === 1, "the first try was answered");
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(attempts(INFO)).toBe(1);
  });
});
describe("retryAfterMs", () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it.each([
    ["0", 0],
    ["120", 120_000],
    [" 3 ", 3000],
    [new Date(now + 90_000).toUTCString(), 90_000],
    [new Date(now - 5000).toUTCString(), 0],
    ["-1", null],
    ["1.5", null],
    ["soon", null],
    ["", null],
  ])("%j → %j ms", (value, ms) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });
  it("none → null", () => expect(retryAfterMs(null, now)).toBeNull());
});

describe("a tool's annotations decide whether it is retried, over its HTTP method", () => {
  // tests/fixtures/valid/results: search_orders is a POST declared read_only, place_order a
  // plain POST, replace_note a PUT, cancel_order a DELETE declared not idempotent.
  const shop = installPlatformFixture(
    fileURLToPath(
      new URL("../../fixtures/valid/results/tools.yaml", import.meta.url),
    ),
  );
  afterAll(() => shop.remove());

  it.each([
    ["search_orders", { text: "socks" }, "POST /orders/search", 2],
    ["place_order", { sku: "s-1" }, "POST /orders", 1],
    ["replace_note", { order_id: "o1", note: "n" }, "PUT /orders/o1/note", 2],
    ["cancel_order", { order_id: "o1" }, "DELETE /orders/o1", 1],
  ] as const)(
    "%s: tried %i time(s) on a 503",
    async (tool, input, route, tries) => {
      const { createClient: createShopClient } =
        await shop.load<FixtureClientPackage>("@shop/client");
      const clock = fakeClock();
      const [method, path] = route.split(" ") as [string, string];
      platform.answer(route, inTurn(busy(503, "0"), OK));
      const client = createShopClient({
        baseUrl: platform.url,
        workspace: A,
        retry: clock.options,
      } as ClientConfig);
      await client.$call(tool, input).catch(() => undefined);
      expect(
        platform.requests.filter((r) => r.method === method && r.path === path)
          .length,
      ).toBe(tries);
    },
  );
});
