import { describe, expect, it } from "vitest";
import { ctx, runtimeFor, tempFolder } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import { WS_A, WS_B } from "../../helpers/workspace-platform.js";
import { platform } from "./inbox-platform.js";

// Two workspaces' feeds number their activities alike: inbox_pop names a message by its
// activity_id and the workspace it arrived in (workspace_id), or by its id alone where only one
// waiting message has it.

const waitingIds = (runtime: ReturnType<typeof runtimeFor>["runtime"]) =>
  runtime
    .inbox!.peek(10)
    .map((m) => `${m.arrival_workspace_id}:${m.activity_id}`)
    .sort();

async function twoOnes(stateDir = tempFolder()) {
  const made = runtimeFor(platform, { register: false, stateDir });
  await made.runtime.start();
  await until(() => made.runtime.inbox!.size === 3, "all three arrived");
  return made;
}

describe("inbox_pop with two workspaces' message 1 waiting", () => {
  it("pops ws-b's message 1 by its workspace, and only it", async () => {
    platform.receive(WS_A.id, { id: "1" });
    platform.receive(WS_A.id, { id: "2" });
    platform.receive(WS_B.id, { id: "1" });
    const { runtime, client } = await twoOnes();
    expect(
      await runtime.handlers.inbox_pop(
        { activity_id: "1", workspace_id: WS_B.id },
        ctx(client),
      ),
    ).toEqual({
      activity_id: "1",
      workspace_id: WS_B.id,
      removed: true,
      waiting: 2,
    });
    expect(waitingIds(runtime)).toEqual(["ws-a:1", "ws-a:2"]);
  });

  it("refuses the bare id, naming each message it could mean, and removes nothing", async () => {
    platform.receive(WS_A.id, { id: "1" });
    platform.receive(WS_A.id, { id: "2" });
    platform.receive(WS_B.id, { id: "1" });
    const { runtime, client } = await twoOnes();
    await expect(
      runtime.handlers.inbox_pop({ activity_id: "1" }, ctx(client)),
    ).rejects.toThrow(
      'activity_id "1" is waiting in 2 workspaces; say which message to remove: ' +
        '{"activity_id":"1","workspace_id":"ws-a"} or {"activity_id":"1","workspace_id":"ws-b"}',
    );
    expect(runtime.inbox!.size).toBe(3);
  });

  it("still pops by a bare id that one waiting message has, and says whose it was", async () => {
    platform.receive(WS_A.id, { id: "1" });
    platform.receive(WS_A.id, { id: "2" });
    platform.receive(WS_B.id, { id: "1" });
    const { runtime, client } = await twoOnes();
    expect(
      await runtime.handlers.inbox_pop({ activity_id: "2" }, ctx(client)),
    ).toEqual({
      activity_id: "2",
      workspace_id: WS_A.id,
      removed: true,
      waiting: 2,
    });
    // Once ws-b's is popped, ws-a's message 1 is the only one: its bare id is enough.
    await runtime.handlers.inbox_pop(
      { activity_id: "1", workspace_id: WS_B.id },
      ctx(client),
    );
    expect(
      await runtime.handlers.inbox_pop({ activity_id: "1" }, ctx(client)),
    ).toEqual({
      activity_id: "1",
      workspace_id: WS_A.id,
      removed: true,
      waiting: 0,
    });
  });

  it("knows each message's workspace after a restart, from the disk", async () => {
    platform.receive(WS_A.id, { id: "1" });
    platform.receive(WS_A.id, { id: "2" });
    platform.receive(WS_B.id, { id: "1" });
    const stateDir = tempFolder();
    const first = await twoOnes(stateDir);
    await first.runtime.stop();
    const second = runtimeFor(platform, { register: false, stateDir });
    await second.runtime.start();
    await second.runtime.handlers.inbox_pop(
      { activity_id: "1", workspace_id: WS_B.id },
      ctx(second.client),
    );
    expect(waitingIds(second.runtime)).toEqual(["ws-a:1", "ws-a:2"]);
  });

  it("refuses a workspace it is not registered in", async () => {
    platform.receive(WS_A.id, { id: "1" });
    platform.receive(WS_A.id, { id: "2" });
    platform.receive(WS_B.id, { id: "1" });
    const { runtime, client } = await twoOnes();
    await expect(
      runtime.handlers.inbox_pop(
        { activity_id: "1", workspace_id: "ws-z" },
        ctx(client),
      ),
    ).rejects.toThrow(
      `workspace_id "ws-z" is none of yours (ws-a, ws-b): pass the message's arrival_workspace_id`,
    );
    expect(runtime.inbox!.size).toBe(3);
  });
});
