import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "@molecule/platform-client";
import type { Clock } from "@molecule/platform-runtime";
import { ctx, runtimeFor } from "./helpers.js";
import {
  startWorkspacePlatform,
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";

// delegate_task's own retries: sending the task (a POST the client never retries itself) and
// checking its status. The clock only moves when the runtime sleeps, and records each pause.

let platform: WorkspacePlatform;
beforeEach(async () => {
  platform = await startWorkspacePlatform();
  platform.onDelegate((id) =>
    Object.assign(platform.delegations.get(id)!, {
      status: "completed",
      result: "ok",
    }),
  );
});
afterEach(() => platform.close());

const SEND = "/workspaces/ws-a/delegate";
const CHECK = "/workspaces/ws-a/delegations";
const limits = { firstDelayMs: 100, maxDelayMs: 1000, timeoutMs: 60_000 };

function fakeClock(): Clock & { pauses: number[] } {
  // A whole second, so that an HTTP-date (seconds only) names an exact wait.
  let now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const pauses: number[] = [];
  return {
    pauses,
    now: () => now,
    async sleep(ms) {
      pauses.push(ms);
      now += ms;
    },
  };
}

/** delegate_task for peer-9 from ws-a, with the key "key-1", on a client that does not retry. */
async function delegate(clock: Clock): Promise<unknown> {
  const client = createClient({
    baseUrl: platform.url,
    workspaces: [WS_A, WS_B],
    retry: false,
  });
  const { runtime } = runtimeFor(platform, {
    register: false,
    delivery: "push",
    delegate: limits,
    client,
    clock,
    newIdempotencyKey: () => "key-1",
  });
  return runtime.handlers.delegate_task(
    { workspace_id: "peer-9", task: "t" },
    ctx(client),
  );
}

const sends = () => platform.requests.filter((r) => r.path === SEND);
const busy = (retryAfter: string) => ({
  status: 503,
  headers: { "retry-after": retryAfter },
  body: { error: "busy" },
});

describe("delegate_task sends the task again only when that is safe and worth it", () => {
  it("waits the Retry-After in seconds, then sends again with the same key", async () => {
    platform.failOnce.set(SEND, busy("7"));
    const clock = fakeClock();
    await expect(delegate(clock)).resolves.toBe("ok");
    expect(clock.pauses[0]).toBe(7000);
    expect(
      sends().map((r) => (r.body as Record<string, unknown>).idempotency_key),
    ).toEqual(["key-1", "key-1"]);
    // The same key in the header toolgen's `http.idempotency_key` bindings use.
    expect(sends().map((r) => r.headers["idempotency-key"])).toEqual([
      "key-1",
      "key-1",
    ]);
    expect(platform.delegations.size).toBe(1);
  });

  it("waits a Retry-After given as an HTTP-date", async () => {
    const clock = fakeClock();
    platform.failOnce.set(
      SEND,
      busy(new Date(clock.now() + 4000).toUTCString()),
    );
    await expect(delegate(clock)).resolves.toBe("ok");
    expect(clock.pauses[0]).toBe(4000);
    expect(sends()).toHaveLength(2);
  });

  it("gives up at once with the platform's error when Retry-After ends past its 30 s", async () => {
    platform.failOnce.set(SEND, busy("45"));
    const clock = fakeClock();
    await expect(delegate(clock)).rejects.toMatchObject({
      status: 503,
      message: "busy",
    });
    expect(sends()).toHaveLength(1);
    expect(clock.pauses).toEqual([]);
  });

  it("never sends again after a 500", async () => {
    platform.failOnce.set(SEND, { status: 500, body: { error: "boom" } });
    await expect(delegate(fakeClock())).rejects.toMatchObject({
      status: 500,
    });
    expect(sends()).toHaveLength(1);
  });

  it("sends again with the same key when the connection closes before the answer", async () => {
    platform.failOnce.set(SEND, { drop: true });
    await expect(delegate(fakeClock())).resolves.toBe("ok");
    expect(sends()).toHaveLength(2);
    expect(new Set(sends().map((r) => r.headers["idempotency-key"]))).toEqual(
      new Set(["key-1"]),
    );
  });

  it("tries at most three times", async () => {
    platform.answer(`POST ${SEND}`, busy("0"));
    await expect(delegate(fakeClock())).rejects.toMatchObject({
      status: 503,
    });
    expect(sends()).toHaveLength(3);
  });
});

describe("delegate_task's status checks", () => {
  it("wait a failed check's Retry-After before the next", async () => {
    platform.failOnce.set(CHECK, busy("9"));
    const clock = fakeClock();
    await expect(delegate(clock)).resolves.toBe("ok");
    // The first pause is the backoff's; the one after the busy check is the platform's.
    expect(clock.pauses.slice(0, 2)).toEqual([limits.firstDelayMs, 9000]);
  });

  it("stop at a 500, naming the delegation to follow", async () => {
    platform.failOnce.set(CHECK, { status: 500, body: { error: "boom" } });
    await expect(delegate(fakeClock())).rejects.toThrow(
      "delegate_task: checking delegation del-1 failed: boom (HTTP 500); the task goes on: follow it with check_task_status",
    );
  });
});
