import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installConsumer, removeConsumer } from "../../hardening/consumer.js";
import { repoRoot } from "../../helpers/project.js";
import { runBin } from "../../helpers/bin.js";
import { installPlatformFixture } from "../../helpers/platform-fixture.js";
import { platformFixturePath } from "../../helpers/reference-spec.js";
import {
  closedPort,
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import { generateFromDisk } from "../../helpers/generate.js";

/**
 * The generated `molecule` bin as a real subprocess against a real HTTP server.
 * Expected requests are written by hand from tools.yaml's bindings, not read from generated code.
 */
let platform: PlatformServer;
// The bin generated from the platform fixture (a frozen copy of tools.yaml): the commands below
// are its commands, whatever a user does to tools.yaml.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const bin = fixture.bin("@molecule/platform-cli");
let env: Record<string, string>;

beforeAll(async () => {
  platform = await startPlatform();
  const url = platform.url;
  env = {
    PLATFORM_URL: url,
    WORKSPACE_ID: "ws-self",
    MOLECULE_WORKSPACE_TOKEN: "tok-self-secret",
  };
});
afterAll(() => platform.close());
beforeEach(() => platform.reset());

const molecule = (...args: string[]) => runBin(bin, args, env);

describe("each exposed command sends the right request and prints the answer", () => {
  it("delegate --async <workspace_id> <task>: POST /workspaces/{self}/delegate", async () => {
    platform.answer("POST /workspaces/ws-self/delegate", {
      status: 202,
      body: {
        delegation_id: "del-42",
        status: "queued",
      },
    });
    const run = await molecule(
      "delegate",
      "--async",
      "ws-peer",
      "Summarise the Q3 report",
    );
    expect(run).toEqual({
      code: 0,
      stdout: "delegation_id: del-42\nstatus: queued\n",
      stderr: "",
    });
    expect(platform.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/workspaces/ws-self/delegate",
        query: {},
        authorization: "Bearer tok-self-secret",
        body: { target_id: "ws-peer", task: "Summarise the Q3 report" },
      }),
    ]);
  });

  it("status <workspace_id> <task_id>: GET /workspaces/{self}/delegations?target_id&delegation_id", async () => {
    platform.answer("GET /workspaces/ws-self/delegations", {
      status: 200,
      body: {
        status: "done",
        result: "Revenue grew 4%.\nCosts fell.",
      },
    });
    const run = await molecule("status", "ws-peer", "del-42");
    expect(run).toEqual({
      code: 0,
      stdout: "status: done\nresult:\n  Revenue grew 4%.\n  Costs fell.\n",
      stderr: "",
    });
    expect(platform.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        path: "/workspaces/ws-self/delegations",
        query: { target_id: "ws-peer", delegation_id: "del-42" },
        authorization: "Bearer tok-self-secret",
        body: undefined,
      }),
    ]);
  });

  it("peers: GET /registry/{self}/peers with X-Workspace-ID", async () => {
    platform.answer("GET /registry/ws-self/peers", {
      status: 200,
      body: [
        { id: "ws-a", name: "Analyst", online: true },
        { id: "ws-b", name: "Writer", online: false },
      ],
    });
    const run = await molecule("peers");
    expect(run).toEqual({
      code: 0,
      stdout:
        "id: ws-a\nname: Analyst\nonline: true\n\nid: ws-b\nname: Writer\nonline: false\n",
      stderr: "",
    });
    expect(platform.requests).toHaveLength(1);
    expect(platform.requests[0]).toMatchObject({
      method: "GET",
      path: "/registry/ws-self/peers",
      query: {},
      authorization: "Bearer tok-self-secret",
      body: undefined,
    });
    expect(platform.requests[0]!.headers["x-workspace-id"]).toBe("ws-self");
  });

  it("info: GET /workspaces/{self}", async () => {
    platform.answer("GET /workspaces/ws-self", {
      status: 200,
      body: {
        id: "ws-self",
        name: "Planner",
        team: { id: "t1", members: 3 },
      },
    });
    const run = await molecule("info");
    expect(run).toEqual({
      code: 0,
      stdout: "id: ws-self\nname: Planner\nteam:\n  id: t1\n  members: 3\n",
      stderr: "",
    });
    expect(platform.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        path: "/workspaces/ws-self",
        query: {},
        body: undefined,
      }),
    ]);
  });

  it("--source-workspace-id routes to another configured workspace, with its own token only", async () => {
    const two = {
      PLATFORM_URL: env.PLATFORM_URL!,
      MOLECULE_WORKSPACES: JSON.stringify([
        { id: "ws-self", token: "tok-self-secret" },
        { id: "ws-two", token: "tok-two-secret" },
      ]),
    };
    platform.answer("GET /workspaces/ws-two", {
      status: 200,
      body: { id: "ws-two" },
    });
    const run = await runBin(
      bin,
      ["info", "--source-workspace-id", "ws-two"],
      two,
    );
    expect(run).toEqual({ code: 0, stdout: "id: ws-two\n", stderr: "" });
    expect(platform.requests).toEqual([
      expect.objectContaining({
        path: "/workspaces/ws-two",
        authorization: "Bearer tok-two-secret",
      }),
    ]);
  });

  it("values reach the platform byte for byte, whatever they hold", async () => {
    platform.answer("GET /workspaces/ws-self/delegations", {
      status: 200,
      body: {
        status: "queued",
      },
    });
    const odd = "a&b=c #?/%20 ünï";
    const run = await molecule("status", "--", "-peer/../x", odd);
    expect(run.code).toBe(0);
    expect(platform.requests[0]!.query).toEqual({
      target_id: "-peer/../x",
      delegation_id: odd,
    });
  });
});

describe("--json", () => {
  it.each<[string[], string, unknown]>([
    [
      ["peers", "--json"],
      "GET /registry/ws-self/peers",
      [{ id: "ws-a", tags: ["x"], load: null }],
    ],
    [
      ["--json", "info"],
      "GET /workspaces/ws-self",
      { id: "ws-self", nested: { deep: [1, 2, { k: "v" }] } },
    ],
    [
      ["status", "ws-peer", "del-1", "--json"],
      "GET /workspaces/ws-self/delegations",
      "plain text answer",
    ],
  ])("%j prints the answer as valid JSON", async (args, route, answer) => {
    platform.answer(route, { status: 200, body: answer });
    const run = await molecule(...args);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(answer);
  });
});

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
      "molecule: unknown command 'peer'\nRun 'molecule --help' to list the commands.\n",
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

describe("a local tool's command", () => {
  // tools.yaml sets targets.cli.runtime, so this bin answers delegate with the reference runtime
  // (tests/reference/runtime/cli-bin.test.ts). Without the setting, the bin is the plain one.
  const plain = (() => {
    const text = fs.readFileSync(platformFixturePath, "utf8");
    const without = text.replace(
      /\n    # Answers the local tools' commands[^\n]*\n    runtime: [^\n]*/,
      "",
    );
    if (without === text)
      throw new Error(
        "the platform fixture no longer sets targets.cli.runtime where this test expects it",
      );
    const { files } = generateFromDisk({
      file: "tools.yaml",
      text: without,
      dir: repoRoot,
    });
    const consumer = installConsumer([files]);
    return {
      consumer,
      bin: path.join(
        consumer.packages.get("@molecule/platform-cli")!,
        "bin.js",
      ),
    };
  })();
  afterAll(() => removeConsumer(plain.consumer));

  it("without targets.cli.runtime the bin has no handler: it says so and exits 1 without calling the platform", async () => {
    const run = await runBin(
      plain.bin,
      ["delegate", "ws-peer", "Summarise the Q3 report"],
      env,
    );
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "molecule delegate: 'delegate_task' is a local tool, handled by the agent runtime's own code, and this CLI was started without a handler for it.\n" +
        "A runtime that implements it runs the CLI as main(argv, { handlers: { delegate_task } }) from @molecule/platform-cli.\n",
    });
    expect(platform.requests).toEqual([]);
  });

  it("the help says which bin answers it: the plain one tells that it exits 1", async () => {
    const plainHelp = await runBin(plain.bin, ["delegate", "--help"], {});
    expect(plainHelp.stdout).toContain(
      "the plain 'molecule' command\nhas no handler for it and exits 1",
    );
    expect((await runBin(plain.bin, ["--help"], {})).stdout).toContain(
      "Handled by the agent runtime (without its handler the command exits 1): delegate\n",
    );
    const wired = await molecule("delegate", "--help");
    expect(wired.stdout).toContain(
      "Handled by the agent runtime's own code, not by the platform.\n",
    );
    expect(wired.stdout).not.toContain("exits 1;");
  });

  it("with a runtime package that is not installed, --help and the HTTP commands still work; a local command says why it fails", async () => {
    const text = fs
      .readFileSync(platformFixturePath, "utf8")
      .replace(
        /(# Answers the local tools' commands[^\n]*\n    runtime: )"[^"]*"/,
        '$1"@nowhere/runtime"',
      );
    if (!text.includes("@nowhere/runtime"))
      throw new Error(
        "the platform fixture no longer sets targets.cli.runtime where this test expects it",
      );
    const consumer = installConsumer([
      generateFromDisk({ file: "tools.yaml", text, dir: repoRoot }).files,
    ]);
    try {
      const missingBin = path.join(
        consumer.packages.get("@molecule/platform-cli")!,
        "bin.js",
      );
      expect((await runBin(missingBin, ["--help"], {})).code).toBe(0);
      platform.answer("GET /workspaces/ws-self", {
        status: 200,
        body: { id: "ws-self" },
      });
      expect(await runBin(missingBin, ["info"], env)).toEqual({
        code: 0,
        stdout: "id: ws-self\n",
        stderr: "",
      });
      const local = await runBin(missingBin, ["delegate", "ws-peer", "x"], env);
      expect(local.code).toBe(1);
      expect(local.stderr).toMatch(
        /^molecule delegate: Cannot find package '@nowhere\/runtime'/,
      );
    } finally {
      removeConsumer(consumer);
    }
  });

  it("still checks its arguments first: a usage error is 2", async () => {
    const run = await molecule("delegate", "ws-peer");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "molecule delegate: missing <task>\nRun 'molecule delegate --help' for its usage.\n",
    );
    expect(platform.requests).toEqual([]);
  });
});
