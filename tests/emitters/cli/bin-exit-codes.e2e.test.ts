import { describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { closedPort } from "../../helpers/platform-server.js";
import { bin, env, molecule, platform } from "./bin-setup.js";

describe("exit codes", () => {
  it("a usage error exits 2 with the message on stderr, and sends nothing", async () => {
    const run = await molecule("status", "ws-peer");
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "molecule status: missing <task_id>\nRun 'molecule status --help' for its usage.\n",
    });
    expect(platform.requests).toEqual([]);
  });

  it.each<[string[], string]>([
    [
      [],
      "molecule: missing command\nRun 'molecule --help' to list the commands.\n",
    ],
    [
      ["peer"],
      "molecule: unknown command 'peer': did you mean 'peers'?\nRun 'molecule --help' to list the commands.\n",
    ],
    [
      ["peers", "extra"],
      "molecule peers: unexpected argument 'extra'\nRun 'molecule peers --help' for its usage.\n",
    ],
    [
      ["info", "--team", "x"],
      "molecule info: unknown option '--team'\nRun 'molecule info --help' for its usage.\n",
    ],
    [
      ["delegate", "--async", "ws-peer"],
      "molecule delegate --async: missing <task>\nRun 'molecule delegate --async --help' for its usage.\n",
    ],
    [
      ["info", "--source-workspace-id"],
      "molecule info: option '--source-workspace-id' needs a value\nRun 'molecule info --help' for its usage.\n",
    ],
  ])("%j exits 2", async (args, stderr) => {
    expect(await molecule(...args)).toEqual({ code: 2, stdout: "", stderr });
    expect(platform.requests).toEqual([]);
  });

  it("a workspace that is not configured is a usage error (2), and nothing is sent", async () => {
    const run = await molecule("info", "--source-workspace-id", "ws-stranger");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^molecule info: .*ws-stranger/);
    expect(platform.requests).toEqual([]);
  });

  it("missing configuration is a usage error (2) that names the variables", async () => {
    const run = await runBin(bin, ["peers"], {});
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    // Each of the client's problems on its own line.
    expect(run.stderr).toMatch(
      /^molecule peers: 2 problems:\n  - PLATFORM_URL .*\n  - .*WORKSPACE_ID.*\n$/,
    );
  });

  it("a platform error exits 1 with the platform's message and status on stderr", async () => {
    platform.answer("GET /workspaces/ws-self/delegations", {
      status: 404,
      body: {
        error: "no delegation del-9 from ws-self",
      },
    });
    const run = await molecule("status", "ws-peer", "del-9");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^molecule status: .*no delegation del-9 from ws-self.*\(HTTP 404\)\n$/,
    );
  });

  it("a platform that cannot be reached exits 1", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runBin(bin, ["peers"], { ...env, PLATFORM_URL: url });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^molecule peers: ./);
  });

  it("shows terminal escape sequences from the platform instead of obeying them", async () => {
    platform.answer("GET /workspaces/ws-self", {
      status: 200,
      body: { name: "\x1b[2Jcleared" },
    });
    expect((await molecule("info")).stdout).toBe("name: \\x1b[2Jcleared\n");
    platform.answer("GET /registry/ws-self/peers", {
      status: 500,
      body: {
        error: "down\x1b]0;owned\x07",
      },
    });
    const failed = await molecule("peers");
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("down\\x1b]0;owned\\x07");
    expect(failed.stderr).not.toContain("\x1b");
  });

  it("never prints the token, even when the platform repeats it", async () => {
    platform.answer("GET /workspaces/ws-self", {
      status: 401,
      body: {
        error: "bad token tok-self-secret",
      },
    });
    const run = await molecule("info");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^molecule info: /);
    expect(run.stdout + run.stderr).not.toContain("tok-self-secret");
  });
});
