import { describe, expect, it } from "vitest";
import { runtimeFor } from "./helpers.js";
import { until } from "../../helpers/platform-server.js";
import { WS_A } from "../../helpers/workspace-platform.js";
import { platform } from "./inbox-platform.js";

describe("the runtime's log", () => {
  it("a platform's message cannot forge a log line or carry a terminal escape", async () => {
    platform.answer(`GET /workspaces/${WS_A.id}/activity`, {
      status: 503,
      body: {
        error:
          "busy\nmolecule-runtime info: all is well\r\u001b[2J\u0085\u2029end",
      },
    });
    const { runtime, logs } = runtimeFor(platform, {
      register: false,
      workspaces: [WS_A],
    });
    await runtime.start();
    await until(() => logs.length > 0, "the failure was logged");
    expect(logs[0]).toEqual({
      level: "warn",
      message:
        "inbox of workspace ws-a: polling failed: busy\\x0amolecule-runtime info: all is well\\x0d\\x1b[2J\\x85\\u2029end (HTTP 503)",
    });
  });
});
