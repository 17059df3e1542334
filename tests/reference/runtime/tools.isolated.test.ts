import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ctx, runtimeFor, tempFolder } from "./helpers.js";
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

const fast = { firstDelayMs: 5, maxDelayMs: 20, timeoutMs: 5000 };

describe("delegate_task", () => {
  it("sends the task with an idempotency key, polls with backoff until completed, and returns the answer", async () => {
    let checks = 0;
    platform.onDelegate((id) => {
      const d = platform.delegations.get(id)!;
      const timer = setInterval(() => {
        checks = platform.requests.filter((r) =>
          r.path.endsWith("/delegations"),
        ).length;
        if (checks >= 3) {
          Object.assign(d, {
            status: "completed",
            result: "the report is ready",
          });
          clearInterval(timer);
        } else d.status = "running";
      }, 1);
    });
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      delivery: "push",
      delegate: fast,
      newIdempotencyKey: () => "key-1",
    });
    const answer = await runtime.handlers.delegate_task(
      {
        workspace_id: "peer-9",
        task: "write the report",
        source_workspace_id: "ws-b",
      },
      ctx(client),
    );
    expect(answer).toBe("the report is ready");
    const [sent, ...polls] = platform.requests;
    expect([sent!.method, sent!.path, sent!.authorization, sent!.body]).toEqual(
      [
        "POST",
        "/workspaces/ws-b/delegate",
        `Bearer ${WS_B.token}`,
        {
          target_id: "peer-9",
          task: "write the report",
          idempotency_key: "key-1",
        },
      ],
    );
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(
      polls.every(
        (r) =>
          r.method === "GET" &&
          r.path === "/workspaces/ws-b/delegations" &&
          r.as === "ws-b",
      ),
    ).toBe(true);
    expect(polls[0]!.query).toEqual({
      target_id: "peer-9",
      delegation_id: "del-1",
    });
  });

  it("sends the task again with the same idempotency key when the platform fails for a moment", async () => {
    platform.failOnce.set("/workspaces/ws-a/delegate", 503);
    platform.onDelegate((id) =>
      Object.assign(platform.delegations.get(id)!, {
        status: "completed",
        result: "ok",
      }),
    );
    let keys = 0;
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      delivery: "push",
      delegate: fast,
      newIdempotencyKey: () => `key-${++keys}`,
    });
    expect(
      await runtime.handlers.delegate_task(
        { workspace_id: "peer-9", task: "t" },
        ctx(client),
      ),
    ).toBe("ok");
    const sends = platform.requests.filter(
      (r) => r.path === "/workspaces/ws-a/delegate",
    );
    expect(
      sends.map((r) => (r.body as { idempotency_key: string }).idempotency_key),
    ).toEqual(["key-1", "key-1"]);
    expect(platform.delegations.size).toBe(1);
  });

  it("does not send the task again when the platform refuses it", async () => {
    platform.failOnce.set("/workspaces/ws-a/delegate", 400);
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      delivery: "push",
      delegate: fast,
    });
    await expect(
      runtime.handlers.delegate_task(
        { workspace_id: "peer-9", task: "t" },
        ctx(client),
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect(platform.requests).toHaveLength(1);
  });

  it("goes from the primary workspace when none is named, and fails clearly when the peer fails", async () => {
    platform.onDelegate((id) =>
      Object.assign(platform.delegations.get(id)!, {
        status: "failed",
        error: "peer-9 has no such skill",
      }),
    );
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      delivery: "push",
      delegate: fast,
    });
    await expect(
      runtime.handlers.delegate_task(
        { workspace_id: "peer-9", task: "juggle" },
        ctx(client),
      ),
    ).rejects.toThrow(
      "delegate_task: peer-9 failed the task (delegation del-1): peer-9 has no such skill",
    );
    expect(platform.requests.every((r) => r.as === "ws-a")).toBe(true);
  });

  it("gives up at its time limit, naming the delegation to follow with check_task_status", async () => {
    // A clock of its own: each pause passes at once, so the count of status checks does not
    // depend on how busy the machine is (the HTTP calls to the platform are real).
    const pauses: number[] = [];
    let now = 0;
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        pauses.push(ms);
        now += ms;
      },
    };
    const limits = { firstDelayMs: 10, maxDelayMs: 40, timeoutMs: 300 };
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      delivery: "push",
      delegate: limits,
      clock,
    });
    await expect(
      runtime.handlers.delegate_task(
        { workspace_id: "peer-9", task: "think forever" },
        ctx(client),
      ),
    ).rejects.toThrow(
      "delegate_task: peer-9 did not finish within 300 ms; the task goes on as delegation del-1: follow it with check_task_status",
    );
    // Backoff: the first pause, then each half as long again (rounded up) up to the cap; the
    // last one ends at the time limit.
    expect(pauses[0]).toBe(limits.firstDelayMs);
    for (const [i, pause] of pauses.slice(1, -1).entries())
      expect(pause).toBe(
        Math.min(limits.maxDelayMs, Math.ceil(pauses[i]! * 1.5)),
      );
    expect(pauses.reduce((a, b) => a + b, 0)).toBe(limits.timeoutMs);
    expect(pauses.length).toBeLessThan(limits.timeoutMs / limits.firstDelayMs);
    // One status check after each pause.
    const checks = platform.requests.filter((r) =>
      r.path.endsWith("/delegations"),
    ).length;
    expect(checks).toBe(pauses.length);
  });

  it("refuses a source workspace it holds no token for, sending nothing", async () => {
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      delivery: "push",
      delegate: fast,
    });
    await expect(
      runtime.handlers.delegate_task(
        { workspace_id: "peer-9", task: "t", source_workspace_id: "ws-x" },
        ctx(client),
      ),
    ).rejects.toThrow(
      'workspace "ws-x" is not configured in this client (configured: "ws-a", "ws-b")',
    );
    expect(platform.requests).toEqual([]);
  });
});

describe("send_message_to_user", () => {
  it("uploads each attachment first, then notifies with the uploaded files, in the named workspace with its token", async () => {
    const dir = tempFolder();
    fs.writeFileSync(path.join(dir, "report.txt"), "the report");
    fs.writeFileSync(path.join(dir, "chart.png"), Buffer.alloc(2048, 1));
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      delivery: "push",
      cwd: dir,
    });
    const result = await runtime.handlers.send_message_to_user(
      {
        message: "Done, see attached",
        attachments: ["report.txt", path.join(dir, "chart.png")],
        workspace_id: "ws-b",
      },
      ctx(client),
    );
    expect(result).toEqual({
      sent: true,
      attachments: ["report.txt", "chart.png"],
    });
    expect(
      platform.requests.map((r) => [
        r.method,
        r.path,
        r.authorization,
        r.contentType.split(";")[0],
        r.body,
      ]),
    ).toEqual([
      [
        "POST",
        "/workspaces/ws-b/chat/uploads",
        `Bearer ${WS_B.token}`,
        "multipart/form-data",
        [{ field: "files", name: "report.txt", size: 10 }],
      ],
      [
        "POST",
        "/workspaces/ws-b/chat/uploads",
        `Bearer ${WS_B.token}`,
        "multipart/form-data",
        [{ field: "files", name: "chart.png", size: 2048 }],
      ],
      [
        "POST",
        "/workspaces/ws-b/notify",
        `Bearer ${WS_B.token}`,
        "application/json",
        {
          message: "Done, see attached",
          attachments: [
            { name: "report.txt", size: 10, url: "/uploads/ws-b/report.txt" },
            { name: "chart.png", size: 2048, url: "/uploads/ws-b/chart.png" },
          ],
        },
      ],
    ]);
  });

  it("replies in the workspace a message arrived in", async () => {
    platform.receive(WS_B.id, {
      id: "b1",
      summary: "the user asks for a status",
    });
    const { runtime, client } = runtimeFor(platform, { register: false });
    await runtime.start();
    const waited = (await runtime.handlers.wait_for_message(
      { timeout_secs: 5 },
      ctx(client),
    )) as { message: { arrival_workspace_id: string } };
    await runtime.handlers.send_message_to_user(
      {
        message: "All on track",
        workspace_id: waited.message.arrival_workspace_id,
      },
      ctx(client),
    );
    const sent = platform.requests.filter((r) => !r.path.endsWith("/activity"));
    expect(sent.map((r) => [r.path, r.authorization, r.body])).toEqual([
      [
        "/workspaces/ws-b/notify",
        `Bearer ${WS_B.token}`,
        { message: "All on track" },
      ],
    ]);
  });

  it("rejects a missing, a folder and an oversized attachment before sending anything", async () => {
    const dir = tempFolder();
    fs.writeFileSync(path.join(dir, "ok.txt"), "fine");
    // Sparse: 25 MB and one byte without writing them.
    fs.closeSync(fs.openSync(path.join(dir, "huge.bin"), "w"));
    fs.truncateSync(path.join(dir, "huge.bin"), 25 * 1024 * 1024 + 1);
    fs.mkdirSync(path.join(dir, "folder"));
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      delivery: "push",
      cwd: dir,
    });
    await expect(
      runtime.handlers.send_message_to_user(
        {
          message: "m",
          attachments: ["ok.txt", "missing.txt", "folder", "huge.bin"],
        },
        ctx(client),
      ),
    ).rejects.toThrow(
      "send_message_to_user: nothing was sent: missing.txt does not exist or cannot be read; folder is not a file; huge.bin is 25.0 MB, over the 25 MB limit for an attachment",
    );
    fs.truncateSync(path.join(dir, "huge.bin"), 25 * 1024 * 1024);
    await runtime.handlers.send_message_to_user(
      { message: "m", attachments: ["huge.bin"] },
      ctx(client),
    );
    expect(platform.requests.map((r) => r.path)).toEqual([
      "/workspaces/ws-a/chat/uploads",
      "/workspaces/ws-a/notify",
    ]);
  });
});

describe("get_runtime_identity", () => {
  it("reads model, provider, tier and template from the environment, with every workspace", async () => {
    const env = {
      MOLECULE_MODEL: "claude-x",
      MOLECULE_MODEL_PROVIDER: "anthropic",
      MOLECULE_TIER: "2",
      MOLECULE_RUNTIME_TEMPLATE: "researcher",
    };
    const { runtime, client } = runtimeFor(platform, { register: false, env });
    expect(
      await runtime.handlers.get_runtime_identity({}, ctx(client)),
    ).toEqual({
      model: "claude-x",
      model_provider: "anthropic",
      tier: "2",
      runtime_template: "researcher",
      workspace_id: "ws-a",
      workspace_ids: ["ws-a", "ws-b"],
    });
    const single = runtimeFor(platform, {
      register: false,
      workspaces: [WS_B],
    });
    expect(
      await single.runtime.handlers.get_runtime_identity(
        {},
        ctx(single.client),
      ),
    ).toEqual({
      model: null,
      model_provider: null,
      tier: null,
      runtime_template: null,
      workspace_id: "ws-b",
    });
    expect(platform.requests).toEqual([]);
  });
});
