import { createTools } from "@molecule/platform-langchain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runtimeFor } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import { referenceSpec } from "../../helpers/reference-spec.js";
import {
  startWorkspacePlatform,
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";

// LangChain has no process of its own to start: the agent creates the runtime, starts it, and
// passes its handlers to createTools.

let platform: WorkspacePlatform;
beforeEach(async () => {
  platform = await startWorkspacePlatform();
});
afterEach(() => platform.close());

describe("the reference runtime under LangChain", () => {
  it("answers the local tools through createTools({ client, handlers: runtime.handlers })", async () => {
    platform.receive(WS_B.id, { id: "b1", summary: "hello" });
    const { runtime, client } = runtimeFor(platform, {
      identity: { model: "model-x" },
    });
    await runtime.start();
    const tools = createTools({ client, handlers: runtime.handlers });
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()]).toEqual(
      referenceSpec().tools.map((t) => t.name),
    );

    const waited = JSON.parse(
      await byName.get("wait_for_message")!.invoke({ timeout_secs: 5 }),
    ) as { message: Record<string, unknown> };
    expect(waited.message).toEqual({
      activity_id: "b1",
      summary: "hello",
      arrival_workspace_id: "ws-b",
    });
    await byName
      .get("send_message_to_user")!
      .invoke({ message: "on it", workspace_id: "ws-b" });
    expect(
      JSON.parse(await byName.get("get_runtime_identity")!.invoke({})),
    ).toMatchObject({ model: "model-x", workspace_id: "ws-a" });
    await until(
      () => platform.requests.some((r) => r.path === "/registry/heartbeat"),
      "a heartbeat",
    );

    const notify = platform.requests.filter((r) => r.path.endsWith("/notify"));
    expect(notify.map((r) => [r.path, r.authorization])).toEqual([
      ["/workspaces/ws-b/notify", `Bearer ${WS_B.token}`],
    ]);
    expect(
      platform.requests
        .filter((r) => r.path === "/registry/register")
        .map((r) => r.as)
        .sort(),
    ).toEqual([WS_A.id, WS_B.id]);
  });
});
