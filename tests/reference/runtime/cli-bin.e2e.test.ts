import fs from "node:fs";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { tempFolder } from "./helpers.js";
import {
  startWorkspacePlatform,
  WS_A,
  WS_B,
  type WorkspacePlatform,
} from "../../helpers/workspace-platform.js";

// The reference `molecule` bin as a runtime without MCP runs it: a subprocess configured only by
// its environment, its local-tool commands answered by the reference runtime that tools.yaml's
// targets.cli.runtime wires in.

// The bin is the one generated from the platform fixture (a frozen copy of tools.yaml): the
// commands run below are its commands, whatever a user does to tools.yaml.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const bin = fixture.bin("@molecule/platform-cli");

let platform: WorkspacePlatform;
beforeEach(async () => {
  platform = await startWorkspacePlatform();
});
afterEach(() => platform.close());

function molecule(args: string[]) {
  const stateDir = tempFolder();
  const env = {
    PLATFORM_URL: platform.url,
    MOLECULE_WORKSPACES: JSON.stringify([WS_A, WS_B]),
    MOLECULE_STATE_DIR: stateDir,
  };
  return { stateDir, run: runBin(bin, args, env) };
}

describe("molecule delegate with the reference runtime, in two workspaces", () => {
  it("sends the task from the chosen workspace with its own token, waits for the peer, and prints its answer", async () => {
    platform.onDelegate((id) =>
      Object.assign(platform.delegations.get(id)!, {
        status: "completed",
        result: "the report is ready",
      }),
    );
    const { stateDir, run } = molecule([
      "delegate",
      "peer-9",
      "write the report",
      "--source-workspace-id",
      "ws-b",
    ]);
    expect(await run).toEqual({
      code: 0,
      stdout: "the report is ready\n",
      stderr: "",
    });

    const [sent, ...checks] = platform.requests;
    expect([sent!.method, sent!.path, sent!.authorization]).toEqual([
      "POST",
      "/workspaces/ws-b/delegate",
      `Bearer ${WS_B.token}`,
    ]);
    expect(sent!.body).toMatchObject({
      target_id: "peer-9",
      task: "write the report",
    });
    expect(checks.length).toBeGreaterThanOrEqual(1);
    expect(
      checks.every(
        (r) =>
          r.method === "GET" &&
          r.path === "/workspaces/ws-b/delegations" &&
          r.as === "ws-b",
      ),
    ).toBe(true);
    // One command is no agent coming online: it registers nothing, polls no inbox, keeps no cursor.
    expect(
      platform.requests.some(
        (r) => r.path.startsWith("/registry/") || r.path.endsWith("/activity"),
      ),
    ).toBe(false);
    expect(fs.readdirSync(stateDir)).toEqual([]);
  });

  it("a task the peer fails exits 1 with the peer's reason, and no token is printed", async () => {
    platform.onDelegate((id) =>
      Object.assign(platform.delegations.get(id)!, {
        status: "failed",
        error: "no such report",
      }),
    );
    const { run } = molecule(["delegate", "peer-9", "write the report"]);
    const result = await run;
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "molecule delegate: delegate_task: peer-9 failed the task (delegation del-1): no such report\n",
    });
    expect(platform.requests[0]).toMatchObject({
      path: "/workspaces/ws-a/delegate",
      as: "ws-a",
    });
    expect(result.stdout + result.stderr).not.toMatch(/tok-[ab]-/);
  });

  it("an HTTP command does not go through the runtime", async () => {
    const { run } = molecule([
      "info",
      "--source-workspace-id",
      "ws-b",
      "--json",
    ]);
    expect(await run).toEqual({
      code: 0,
      stdout: '{\n  "id": "ws-b",\n  "name": "Workspace ws-b"\n}\n',
      stderr: "",
    });
    expect(platform.requests.map((r) => [r.method, r.path, r.as])).toEqual([
      ["GET", "/workspaces/ws-b", "ws-b"],
    ]);
  });
});
