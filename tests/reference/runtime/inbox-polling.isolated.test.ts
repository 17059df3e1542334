import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, runtimeFor, tempFolder } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import { WS_A, WS_B } from "../../helpers/workspace-platform.js";
import { platform, polls } from "./inbox-platform.js";

describe("inbox polling, one poller per workspace", () => {
  it("takes messages from both workspaces, each polled with its own token and tagged with its workspace", async () => {
    platform.receive(WS_A.id, {
      id: "a1",
      from_workspace_id: "peer-1",
      summary: "hello A",
    });
    platform.receive(WS_B.id, {
      id: "b1",
      from_workspace_id: "peer-2",
      summary: "hello B",
    });
    const { runtime, client } = runtimeFor(platform, { register: false });
    await runtime.start();
    await until(() => runtime.inbox!.size === 2, "both messages arrived");
    platform.receive(WS_B.id, {
      id: "b2",
      from_workspace_id: "peer-2",
      summary: "again B",
    });
    await until(() => runtime.inbox!.size === 3, "the third arrived");

    const peek = (await runtime.handlers.inbox_peek({}, ctx(client))) as {
      messages: object[];
    };
    expect(peek.messages).toEqual(
      expect.arrayContaining([
        {
          activity_id: "a1",
          from_workspace_id: "peer-1",
          summary: "hello A",
          arrival_workspace_id: "ws-a",
        },
        {
          activity_id: "b1",
          from_workspace_id: "peer-2",
          summary: "hello B",
          arrival_workspace_id: "ws-b",
        },
      ]),
    );
    expect(peek.messages[2]).toEqual({
      activity_id: "b2",
      from_workspace_id: "peer-2",
      summary: "again B",
      arrival_workspace_id: "ws-b",
    });
    for (const ws of [WS_A, WS_B]) {
      const seen = polls(ws.id);
      expect(seen.every((r) => r.authorization === `Bearer ${ws.token}`)).toBe(
        true,
      );
      // The first poll looks 10 minutes back; later ones continue from the cursor.
      expect(seen[0]!.query).toEqual({
        type: "a2a_receive",
        since_secs: "600",
      });
      // Every later poll asks from the last message taken: a1, then b1 until b2 came.
      const later = seen.slice(1).map((r) => r.query.since_id);
      expect(new Set(later)).toEqual(
        new Set(
          ws === WS_A ? ["a1"] : ["b1", "b2"].slice(0, new Set(later).size),
        ),
      );
    }
    await until(
      () => polls(WS_B.id).some((r) => r.query.since_id === "b2"),
      "ws-b polled after b2",
    );
    expect(platform.requests.every((r) => r.as !== undefined)).toBe(true);
  });

  it("keeps two workspaces' messages apart even when their feeds number them alike", async () => {
    platform.receive(WS_A.id, { id: "1", summary: "from A" });
    platform.receive(WS_B.id, { id: "1", summary: "from B" });
    const { runtime, client } = runtimeFor(platform, { register: false });
    await runtime.start();
    await until(() => runtime.inbox!.size === 2, "both arrived");
    for (const ws of [WS_A.id, WS_B.id])
      await runtime.handlers.inbox_pop(
        { activity_id: "1", workspace_id: ws },
        ctx(client),
      );
    expect(runtime.inbox!.size).toBe(0);
    // Later polls return neither again.
    await until(
      () =>
        platform.requests.filter((r) => r.query.since_id === "1").length >= 4,
      "more polls",
    );
    expect(runtime.inbox!.size).toBe(0);
  });

  it("a 410 on one workspace resets only that workspace's cursor, and replays nothing already seen", async () => {
    platform.receive(WS_A.id, { id: "a1" });
    platform.receive(WS_B.id, { id: "b1" });
    const stateDir = tempFolder();
    const { runtime, logs, client } = runtimeFor(platform, {
      register: false,
      stateDir,
    });
    await runtime.start();
    await until(() => runtime.inbox!.size === 2, "both messages arrived");
    await runtime.handlers.inbox_pop({ activity_id: "b1" }, ctx(client));
    const before = platform.requests.length;
    platform.gone.add(WS_B.id);
    await until(
      () =>
        polls(WS_B.id)
          .slice(-3)
          .some((r) => r.query.since_secs === "600") &&
        polls(WS_A.id).length > 4,
      "ws-b looked back again",
    );

    const after = platform.requests.slice(before);
    const bQueries = after
      .filter((r) => r.path === "/workspaces/ws-b/activity")
      .map((r) => r.query);
    expect(bQueries).toContainEqual({ type: "a2a_receive", since_id: "b1" });
    const reset = bQueries.findIndex((q) => q.since_secs === "600");
    expect(reset).toBeGreaterThan(0);
    expect(bQueries[reset - 1]).toEqual({
      type: "a2a_receive",
      since_id: "b1",
    });
    // ws-a never lost its place.
    expect(
      after
        .filter((r) => r.path === "/workspaces/ws-a/activity")
        .every((r) => r.query.since_id === "a1"),
    ).toBe(true);
    // b1 came back in the look-back, but it was popped: it stays handled.
    expect(runtime.inbox!.peek(10).map((m) => m.activity_id)).toEqual(["a1"]);
    expect(
      fs.readFileSync(path.join(stateDir, "inbox.ws-b.cursor"), "utf8"),
    ).toBe("b1\n");
    expect(logs.filter((l) => l.message.includes("410"))).toEqual([
      {
        level: "warn",
        message:
          "inbox of workspace ws-b: the cursor expired (HTTP 410); reading the last 600 s again",
      },
    ]);
  });

  it("keeps each workspace's cursor in its own file, and a restart continues from there without replay, the unpopped messages first", async () => {
    platform.receive(WS_A.id, { id: "a1" });
    platform.receive(WS_A.id, { id: "a2" });
    platform.receive(WS_B.id, { id: "b1" });
    const stateDir = tempFolder();
    const first = runtimeFor(platform, { register: false, stateDir });
    await first.runtime.start();
    await until(() => first.runtime.inbox!.size === 3, "all three arrived");
    await first.runtime.stop();
    expect(fs.readdirSync(stateDir).sort()).toEqual([
      "inbox",
      "inbox.ws-a.cursor",
      "inbox.ws-b.cursor",
    ]);
    expect(
      fs.readFileSync(path.join(stateDir, "inbox.ws-a.cursor"), "utf8"),
    ).toBe("a2\n");

    platform.receive(WS_B.id, { id: "b2" });
    const before = platform.requests.length;
    const second = runtimeFor(platform, { register: false, stateDir });
    await second.runtime.start();
    // The three the first run fetched but nobody popped are offered again, before anything new.
    expect(second.runtime.inbox!.peek(10).map((m) => m.activity_id)).toEqual([
      "a1",
      "a2",
      "b1",
    ]);
    await until(
      () => second.runtime.inbox!.size === 4,
      "the new message arrived",
    );
    await until(
      () =>
        platform.requests
          .slice(before)
          .filter((r) => r.path.endsWith("/activity")).length >= 4,
      "a few polls",
    );
    expect(second.runtime.inbox!.peek(10).map((m) => m.activity_id)).toEqual([
      "a1",
      "a2",
      "b1",
      "b2",
    ]);
    const firstPolls = platform.requests
      .slice(before)
      .filter((r) => r.path.endsWith("/activity"));
    expect(
      firstPolls.find((r) => r.path === "/workspaces/ws-a/activity")!.query,
    ).toEqual({ type: "a2a_receive", since_id: "a2" });
    expect(
      firstPolls.find((r) => r.path === "/workspaces/ws-b/activity")!.query,
    ).toEqual({ type: "a2a_receive", since_id: "b1" });
  });

  it("in a single workspace keeps its cursor under the workspace's name too, and does not tag messages", async () => {
    platform.receive(WS_A.id, { id: "a1", summary: "hi" });
    const stateDir = tempFolder();
    const { runtime, client } = runtimeFor(platform, {
      register: false,
      stateDir,
      workspaces: [WS_A],
    });
    await runtime.start();
    await until(() => runtime.inbox!.size === 1, "the message arrived");
    expect(await runtime.handlers.inbox_peek({}, ctx(client))).toEqual({
      messages: [{ activity_id: "a1", summary: "hi" }],
      waiting: 1,
    });
    await until(
      () => fs.existsSync(path.join(stateDir, "inbox.ws-a.cursor")),
      "the cursor was saved",
    );
    expect(fs.readdirSync(stateDir).sort()).toEqual([
      "inbox",
      "inbox.ws-a.cursor",
      "runtime.lock",
    ]);
  });

  it("stops taking messages at 200 and keeps the cursor at the last one taken, so the rest wait on the platform", async () => {
    for (let i = 1; i <= 205; i++) platform.receive(WS_A.id, { id: `m${i}` });
    const stateDir = tempFolder();
    const { runtime, logs, client } = runtimeFor(platform, {
      register: false,
      stateDir,
      workspaces: [WS_A],
    });
    await runtime.start();
    await until(() => runtime.inbox!.size === 200, "the inbox filled");
    await until(
      () => fs.existsSync(path.join(stateDir, "inbox.ws-a.cursor")),
      "the cursor was saved",
    );
    expect(
      fs.readFileSync(path.join(stateDir, "inbox.ws-a.cursor"), "utf8"),
    ).toBe("m200\n");
    expect(logs).toContainEqual({
      level: "warn",
      message:
        "inbox is full (200 messages): new messages wait on the platform until handled ones are popped",
    });
    for (let i = 1; i <= 5; i++)
      await runtime.handlers.inbox_pop({ activity_id: `m${i}` }, ctx(client));
    await until(
      () => runtime.inbox!.peek(200).at(-1)?.activity_id === "m205",
      "the rest arrived",
    );
    expect(runtime.inbox!.size).toBe(200);
  });
});
