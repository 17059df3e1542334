import { describe, expect, it } from "vitest";
import { ctx, runtimeFor } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import { WS_A, WS_B } from "../../helpers/workspace-platform.js";
import { platform, polls } from "./inbox-platform.js";

describe("the inbox tools", () => {
  it("peek shows 10 by default without removing; pop removes once and is idempotent", async () => {
    for (let i = 1; i <= 12; i++) platform.receive(WS_A.id, { id: `m${i}` });
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      workspaces: [WS_A],
    });
    await runtime.start();
    await until(() => runtime.inbox!.size === 12, "all arrived");
    const c = ctx(client);
    const peeked = (await runtime.handlers.inbox_peek({}, c)) as {
      messages: { activity_id: string }[];
      waiting: number;
    };
    expect(peeked.messages.map((m) => m.activity_id)).toEqual([
      "m1",
      "m2",
      "m3",
      "m4",
      "m5",
      "m6",
      "m7",
      "m8",
      "m9",
      "m10",
    ]);
    expect(peeked.waiting).toBe(12);
    expect(
      (
        (await runtime.handlers.inbox_peek({ limit: 2 }, c)) as {
          messages: unknown[];
        }
      ).messages,
    ).toHaveLength(2);
    expect(await runtime.handlers.inbox_pop({ activity_id: "m3" }, c)).toEqual({
      activity_id: "m3",
      removed: true,
      waiting: 11,
    });
    expect(await runtime.handlers.inbox_pop({ activity_id: "m3" }, c)).toEqual({
      activity_id: "m3",
      removed: false,
      waiting: 11,
    });
    expect(
      await runtime.handlers.inbox_pop({ activity_id: "never" }, c),
    ).toEqual({ activity_id: "never", removed: false, waiting: 11 });
  });

  it("wait_for_message returns as soon as a message arrives, and leaves it in the inbox", async () => {
    const { runtime, client } = runtimeFor(platform, { register: false });
    await runtime.start();
    const waiting = runtime.handlers.wait_for_message(
      { timeout_secs: 5 },
      ctx(client),
    );
    await until(() => polls(WS_B.id).length >= 2, "ws-b was polled twice");
    const started = Date.now();
    platform.receive(WS_B.id, { id: "b1", summary: "ping" });
    expect(await waiting).toEqual({
      message: {
        activity_id: "b1",
        summary: "ping",
        arrival_workspace_id: "ws-b",
      },
      waiting: 1,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(runtime.inbox!.size).toBe(1);
  });

  it("wait_for_message waits 60 s by default, at most 300 s, and answers a timeout with no message", async () => {
    const slept: number[] = [];
    const clock = {
      now: () => 0,
      sleep: async (ms: number) => void slept.push(ms),
    };
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      clock,
    });
    // Not started: no poller shares the clock.
    expect(await runtime.handlers.wait_for_message({}, ctx(client))).toEqual({
      message: null,
      timed_out_after_secs: 60,
    });
    expect(
      await runtime.handlers.wait_for_message(
        { timeout_secs: 3600 },
        ctx(client),
      ),
    ).toEqual({ message: null, timed_out_after_secs: 300 });
    expect(
      await runtime.handlers.wait_for_message(
        { timeout_secs: 2.5 },
        ctx(client),
      ),
    ).toEqual({ message: null, timed_out_after_secs: 2.5 });
    expect(slept).toEqual([60_000, 300_000, 2500]);
  });

  it("wait_for_message gives up when the caller cancels", async () => {
    const { runtime, client } = runtimeFor(platform, { register: false });
    const abort = new AbortController();
    const waiting = runtime.handlers.wait_for_message(
      { timeout_secs: 30 },
      ctx(client, abort.signal),
    );
    abort.abort(new Error("cancelled by the client"));
    await expect(waiting).rejects.toThrow("cancelled by the client");
  });

  it("with push delivery the inbox tools say the inbox is not enabled, and nothing is polled", async () => {
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      env: { MOLECULE_MESSAGE_DELIVERY: "push" },
    });
    await runtime.start();
    const off = {
      inbox: "not enabled",
      reason:
        "this runtime receives messages by push delivery: they arrive as new turns of your conversation, not through the inbox tools",
    };
    expect(await runtime.handlers.wait_for_message({}, ctx(client))).toEqual(
      off,
    );
    expect(await runtime.handlers.inbox_peek({}, ctx(client))).toEqual(off);
    expect(
      await runtime.handlers.inbox_pop({ activity_id: "x" }, ctx(client)),
    ).toEqual(off);
    await new Promise((r) => setTimeout(r, 60));
    expect(platform.requests).toEqual([]);
  });

  it("refuses a delivery mode it does not know", () => {
    expect(() =>
      runtimeFor(platform, {
        env: { MOLECULE_MESSAGE_DELIVERY: "carrier-pigeon" },
      }),
    ).toThrow(
      'MOLECULE_MESSAGE_DELIVERY must be poll or push, got "carrier-pigeon"',
    );
  });
});
