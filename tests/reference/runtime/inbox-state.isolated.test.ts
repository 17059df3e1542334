import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, runtimeFor, tempFolder } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import { WS_A, WS_B } from "../../helpers/workspace-platform.js";
import { platform, polls } from "./inbox-platform.js";

// What the state folder keeps between runs: each workspace's cursor and the messages fetched but
// not yet popped. (inbox-crash.e2e.test.ts kills a real process between fetch and pop.)

const ids = (messages: readonly { activity_id: string }[]) =>
  messages.map((m) => m.activity_id);

describe("the inbox's state folder", () => {
  it("a state folder reused for another workspace never applies the first one's cursor", async () => {
    for (const id of ["a1", "a2", "a3"]) platform.receive(WS_A.id, { id });
    for (const id of ["b1", "b2", "b3"]) platform.receive(WS_B.id, { id });
    const stateDir = tempFolder();
    const first = runtimeFor(platform, {
      register: false,
      stateDir,
      workspaces: [WS_A],
    });
    await first.runtime.start();
    await until(() => first.runtime.inbox!.size === 3, "ws-a's messages");
    for (const id of ["a1", "a2", "a3"])
      await first.runtime.handlers.inbox_pop(
        { activity_id: id },
        ctx(first.client),
      );
    await first.runtime.stop();

    const second = runtimeFor(platform, {
      register: false,
      stateDir,
      workspaces: [WS_B],
    });
    await second.runtime.start();
    await until(() => second.runtime.inbox!.size === 3, "ws-b's messages");
    expect(ids(second.runtime.inbox!.peek(10))).toEqual(["b1", "b2", "b3"]);
    expect(polls(WS_B.id)[0]!.query).toEqual({
      type: "a2a_receive",
      since_secs: "600",
    });
  });

  it("a cursor file of today's single-workspace runtimes (inbox.cursor) is adopted once, then gone", async () => {
    for (const id of ["a1", "a2", "a3"]) platform.receive(WS_A.id, { id });
    const stateDir = tempFolder();
    fs.writeFileSync(path.join(stateDir, "inbox.cursor"), "a1\n");
    const first = runtimeFor(platform, {
      register: false,
      stateDir,
      workspaces: [WS_A],
    });
    await first.runtime.start();
    await until(() => first.runtime.inbox!.size === 2, "what came after a1");
    expect(ids(first.runtime.inbox!.peek(10))).toEqual(["a2", "a3"]);
    expect(polls(WS_A.id)[0]!.query).toEqual({
      type: "a2a_receive",
      since_id: "a1",
    });
    await first.runtime.stop();
    expect(fs.existsSync(path.join(stateDir, "inbox.cursor"))).toBe(false);
    expect(
      fs.readFileSync(path.join(stateDir, "inbox.ws-a.cursor"), "utf8"),
    ).toBe("a3\n");
  });

  it("a popped message is gone from the disk; a restart offers the unpopped ones first, in order, and never a popped one", async () => {
    for (const id of ["a1", "a2"]) platform.receive(WS_A.id, { id });
    platform.receive(WS_B.id, { id: "b1", summary: "from B" });
    const stateDir = tempFolder();
    const first = runtimeFor(platform, { register: false, stateDir });
    await first.runtime.start();
    await until(() => first.runtime.inbox!.size === 3, "all three");
    const order = ids(first.runtime.inbox!.peek(10));
    await first.runtime.handlers.inbox_pop(
      { activity_id: "a1" },
      ctx(first.client),
    );
    await first.runtime.stop();
    const kept = (ws: string) =>
      fs
        .readdirSync(path.join(stateDir, "inbox", ws))
        .filter((name) => name.endsWith(".json")).length;
    expect([kept("ws-a"), kept("ws-b")]).toEqual([1, 1]);

    const second = runtimeFor(platform, { register: false, stateDir });
    // Made, not started: a runtime reads its state folder only once it owns it.
    expect(second.runtime.inbox!.size).toBe(0);
    await second.runtime.start();
    // Restored at start, before anything polled (the platform has nothing new yet).
    expect(second.runtime.inbox!.peek(10)).toEqual(
      order
        .filter((id) => id !== "a1")
        .map((id) =>
          id === "b1"
            ? {
                activity_id: "b1",
                summary: "from B",
                arrival_workspace_id: "ws-b",
              }
            : { activity_id: id, arrival_workspace_id: "ws-a" },
        ),
    );
    platform.receive(WS_A.id, { id: "a3" });
    await until(() => second.runtime.inbox!.size === 3, "a3 arrived");
    expect(ids(second.runtime.inbox!.peek(10)).sort()).toEqual([
      "a2",
      "a3",
      "b1",
    ]);
  });

  it("a look-back after a restart (a 410) offers no message popped before it", async () => {
    for (const id of ["a1", "a2", "a3"]) platform.receive(WS_A.id, { id });
    const stateDir = tempFolder();
    const first = runtimeFor(platform, {
      register: false,
      stateDir,
      workspaces: [WS_A],
    });
    await first.runtime.start();
    await until(() => first.runtime.inbox!.size === 3, "all three");
    for (const id of ["a1", "a3"])
      await first.runtime.handlers.inbox_pop(
        { activity_id: id },
        ctx(first.client),
      );
    await first.runtime.stop();

    // The saved cursor has expired: the platform answers 410, and the runtime reads the last
    // 600 s again, which hold all three.
    platform.gone.add(WS_A.id);
    const before = polls(WS_A.id).length;
    const second = runtimeFor(platform, {
      register: false,
      stateDir,
      workspaces: [WS_A],
    });
    await second.runtime.start();
    await until(
      () =>
        polls(WS_A.id)
          .slice(before)
          .some((r) => r.query.since_secs === "600"),
      "the look-back",
    );
    await until(
      () => polls(WS_A.id).length > before + 2,
      "a poll after the look-back",
    );
    expect(ids(second.runtime.inbox!.peek(10))).toEqual(["a2"]);
  });
});
