import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runtimeFor } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import {
  startWorkspacePlatform,
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";

let platform: WorkspacePlatform;
beforeEach(async () => {
  platform = await startWorkspacePlatform();
});
afterEach(() => platform.close());

const registry = () =>
  platform.requests.filter((r) => r.path.startsWith("/registry/"));

describe("registration and heartbeats", () => {
  it("registers each workspace at start, then beats for each, every one with its own token", async () => {
    const { runtime, logs } = runtimeFor(platform, {
      delivery: "push",
      agentCard: { name: "helper", skills: ["search"] },
    });
    await runtime.start();
    // start() resolves once both registrations are answered.
    expect(registry().map((r) => [r.path, r.authorization, r.body])).toEqual(
      expect.arrayContaining([
        [
          "/registry/register",
          `Bearer ${WS_A.token}`,
          {
            workspace_id: "ws-a",
            agent_card: { name: "helper", skills: ["search"] },
          },
        ],
        [
          "/registry/register",
          `Bearer ${WS_B.token}`,
          {
            workspace_id: "ws-b",
            agent_card: { name: "helper", skills: ["search"] },
          },
        ],
      ]),
    );
    expect(registry()).toHaveLength(2);
    await until(
      () =>
        registry().filter((r) => r.path === "/registry/heartbeat").length >= 6,
      "three beats each",
    );
    for (const ws of [WS_A, WS_B]) {
      const beats = registry().filter(
        (r) => r.path === "/registry/heartbeat" && r.as === ws.id,
      );
      expect(beats.length).toBeGreaterThanOrEqual(2);
      expect(
        beats.every(
          (r) =>
            r.authorization === `Bearer ${ws.token}` &&
            (r.body as { workspace_id: string }).workspace_id === ws.id,
        ),
      ).toBe(true);
    }
    expect(logs).toEqual([]);
  });

  it("logs a refused token loudly once, then rarely, never with the token; the other workspace goes on", async () => {
    platform.refused.add(WS_B.token);
    let now = 0;
    const clock = {
      now: () => now,
      sleep: (ms: number, signal?: AbortSignal) =>
        new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, 10);
          signal?.addEventListener(
            "abort",
            () => (clearTimeout(t), reject(signal.reason)),
            { once: true },
          );
          now += ms;
        }),
    };
    const { runtime, logs } = runtimeFor(platform, {
      delivery: "push",
      clock,
      heartbeatMs: 60_000,
      repeatReportMs: 10 * 60_000,
    });
    await runtime.start();
    // Each beat advances the clock by a minute: 25 beats are 25 minutes, two repeats at the 10-minute rate.
    await until(
      () => registry().filter((r) => r.as === "ws-b").length >= 26,
      "25 beats of ws-b",
    );
    await runtime.stop();

    const b = registry().filter((r) => r.as === "ws-b");
    // ws-b was never registered, so each beat tries to register again.
    expect(
      b.every(
        (r) =>
          r.path === "/registry/register" &&
          r.authorization === `Bearer ${WS_B.token}`,
      ),
    ).toBe(true);
    expect(
      registry().filter(
        (r) => r.as === "ws-a" && r.path === "/registry/heartbeat",
      ).length,
    ).toBeGreaterThanOrEqual(24);
    const errors = logs.filter((l) => l.level === "error");
    expect(errors[0]).toEqual({
      level: "error",
      message:
        "workspace ws-b: the registry refused its token (HTTP 401) on registration; peers cannot reach this agent there until the token configured for it is fixed",
    });
    // Both workspaces' loops advance the shared clock; one report per 10 clock minutes at most.
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors.length).toBeLessThanOrEqual(
      Math.floor(now / (10 * 60_000)) + 1,
    );
    expect(errors.length).toBeLessThan(b.length / 4);
    expect(errors[1]!.message).toMatch(
      /^workspace ws-b: the registry still refuses its token \(\d+ failures since the last report\)$/,
    );
    expect(JSON.stringify(logs)).not.toContain(WS_B.token);
    expect(JSON.stringify(logs)).not.toContain(WS_A.token);
    expect(logs.some((l) => l.message.includes("ws-a"))).toBe(false);
  });

  it("reports that registration works again once the token is accepted", async () => {
    platform.refused.add(WS_A.token);
    const { runtime, logs } = runtimeFor(platform, {
      delivery: "push",
      workspaces: [WS_A],
    });
    await runtime.start();
    platform.refused.delete(WS_A.token);
    await until(
      () => registry().some((r) => r.path === "/registry/heartbeat"),
      "a heartbeat after registering",
    );
    expect(logs.map((l) => l.level)).toEqual(["error", "info"]);
    expect(logs[1]!.message).toBe("workspace ws-a: registration works again");
  });

  it("polls every 5 s and beats every 20 s unless told otherwise", async () => {
    const slept: number[] = [];
    const clock = {
      now: () => 0,
      sleep: (ms: number, signal?: AbortSignal) =>
        new Promise<void>((resolve, reject) => {
          slept.push(ms);
          const t = setTimeout(resolve, 5);
          signal?.addEventListener(
            "abort",
            () => (clearTimeout(t), reject(signal.reason)),
            { once: true },
          );
        }),
    };
    const { runtime } = runtimeFor(platform, {
      clock,
      pollIntervalMs: undefined,
      heartbeatMs: undefined,
    });
    await runtime.start();
    await until(() => slept.length >= 12, "a few loops");
    await runtime.stop();
    expect(new Set(slept)).toEqual(new Set([5000, 20_000]));
    expect(
      platform.requests
        .filter((r) => r.path.endsWith("/activity"))
        .map((r) => r.query.since_secs ?? r.query.since_id),
    ).toContain("600");
  });

  it("stop() ends every loop: no request after it", async () => {
    const { runtime } = runtimeFor(platform);
    await runtime.start();
    await until(() => platform.requests.length > 6, "some traffic");
    await runtime.stop();
    // A request cancelled by stop() may still reach the server a moment later; nothing new after that.
    await new Promise((r) => setTimeout(r, 30));
    const count = platform.requests.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(platform.requests.length).toBe(count);
  });
});

describe("a runtime serving many workspaces", () => {
  it("runs a poller and a heartbeat for each without Node warning of a listener leak", async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      id: `ws-${i}`,
      token: `tok-${i}-0123456789`,
    }));
    platform.close();
    platform = await startWorkspacePlatform(many);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    try {
      const { runtime } = runtimeFor(platform, {
        workspaces: many,
        delivery: "poll",
      });
      await runtime.start();
      // Sixteen loops sharing the runtime's stop signal, each through several rounds.
      await until(
        () =>
          registry().filter((r) => r.path === "/registry/heartbeat").length >=
          3 * many.length,
        "three beats each",
      );
      await runtime.stop();
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off("warning", onWarning);
    }
    expect(
      warnings.filter((w) => w.startsWith("MaxListenersExceededWarning")),
    ).toEqual([]);
  });
});
