import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MainOptions as MainOptionsOf } from "../../../runtime/cli/surface.js";
import {
  installPlatformFixture,
  type FixtureClient,
} from "../../helpers/platform-fixture.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";

/**
 * A runtime that implements a local tool runs the CLI through `main` with its handler:
 * imported by package name, as that runtime would, against a real HTTP server.
 */
// The CLI package generated from the platform fixture (a frozen copy of tools.yaml), whose
// commands these are; typed by the runtime's own surface and the fixture's client, never by the
// repository's generated package, whose tools change as tools.yaml is edited.
type Handler = (
  input: { readonly [name: string]: unknown },
  ctx: { readonly client: FixtureClient; readonly signal?: AbortSignal },
) => Promise<unknown>;
type CliHandlers = { readonly [tool: string]: Handler };
type MainOptions = MainOptionsOf<CliHandlers, FixtureClient>;
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { main } = await fixture.load<{
  main(argv: readonly string[], options?: MainOptions): Promise<number>;
}>("@molecule/platform-cli");

let platform: PlatformServer;
let env: Record<string, string>;

beforeAll(async () => {
  platform = await startPlatform();
  env = {
    PLATFORM_URL: platform.url,
    WORKSPACE_ID: "ws-self",
    MOLECULE_WORKSPACE_TOKEN: "tok-self-secret",
  };
});
afterAll(() => platform.close());
beforeEach(() => platform.reset());

async function run(
  argv: string[],
  handlers: CliHandlers,
  options: MainOptions = {},
) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    handlers,
    env,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    ...options,
  });
  return { code, stdout, stderr };
}

describe("main(argv, { handlers })", () => {
  it("runs delegate through the handler, with the parsed input and a working client", async () => {
    platform.answer("GET /registry/ws-self/peers", {
      status: 200,
      body: [{ id: "ws-peer" }],
    });
    const inputs: unknown[] = [];
    const result = await run(
      [
        "delegate",
        "ws-peer",
        "Summarise the Q3 report",
        "--source-workspace-id",
        "ws-self",
      ],
      {
        delegate_task: async (input, ctx) => {
          inputs.push(input);
          const peers = (await ctx.client.listPeers({})) as {
            id: string;
          }[];
          return {
            answer: `asked ${input.workspace_id} of ${peers.length} peer(s)`,
          };
        },
      },
    );
    expect(result).toEqual({
      code: 0,
      stdout: "answer: asked ws-peer of 1 peer(s)\n",
      stderr: "",
    });
    expect(inputs).toEqual([
      {
        workspace_id: "ws-peer",
        task: "Summarise the Q3 report",
        source_workspace_id: "ws-self",
      },
    ]);
    expect(platform.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        path: "/registry/ws-self/peers",
        authorization: "Bearer tok-self-secret",
      }),
    ]);
  });

  it("prints a handler's failure and exits 1", async () => {
    const result = await run(["delegate", "ws-peer", "x"], {
      delegate_task: async () => {
        throw new Error("the peer ws-peer did not answer in time");
      },
    });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "molecule delegate: the peer ws-peer did not answer in time\n",
    });
  });

  it("leaves the HTTP commands to the platform even when handlers are given", async () => {
    platform.answer("GET /workspaces/ws-self", {
      status: 200,
      body: { id: "ws-self" },
    });
    const result = await run(["info", "--json"], {
      delegate_task: async () => "unused",
    });
    expect(result).toEqual({
      code: 0,
      stdout: '{\n  "id": "ws-self"\n}\n',
      stderr: "",
    });
    expect(platform.requests).toHaveLength(1);
  });
});

/**
 * The option the bin passes when tools.yaml sets targets.cli.runtime: a runtime made for one
 * local tool's command, with the command's client and environment, and stopped when it ends.
 */
describe("main(argv, { runtime })", () => {
  /** A runtime that records what happens to it; `handlers` are what its createRuntime would return. */
  function recordingRuntime(
    handlers: CliHandlers,
    stop: () => Promise<void> = async () => {},
  ) {
    const events: string[] = [];
    const made: { client: unknown; env: unknown }[] = [];
    const runtime: MainOptions["runtime"] = (client, runtimeEnv) => {
      made.push({ client, env: runtimeEnv });
      events.push("made");
      return {
        handlers,
        async stop() {
          events.push("stopped");
          await stop();
        },
      };
    };
    return { runtime, events, made };
  }

  it("answers a local command with the runtime's handler, given the command's client and env, then stops it", async () => {
    platform.answer("GET /registry/ws-self/peers", {
      status: 200,
      body: [{ id: "ws-peer" }],
    });
    const seen: unknown[] = [];
    const rt = recordingRuntime({
      delegate_task: async (input, ctx) => {
        seen.push(input);
        rt.events.push("handled");
        const peers = (await ctx.client.listPeers({})) as unknown[];
        return `sent to ${input.workspace_id}, ${peers.length} peer(s) known`;
      },
    });
    const result = await run(
      ["delegate", "ws-peer", "Summarise"],
      {},
      { runtime: rt.runtime },
    );
    expect(result).toEqual({
      code: 0,
      stdout: "sent to ws-peer, 1 peer(s) known\n",
      stderr: "",
    });
    expect(seen).toEqual([{ workspace_id: "ws-peer", task: "Summarise" }]);
    expect(rt.events).toEqual(["made", "handled", "stopped"]);
    expect(rt.made).toHaveLength(1);
    expect(rt.made[0]!.env).toBe(env);
    expect(typeof (rt.made[0]!.client as { $call?: unknown }).$call).toBe(
      "function",
    );
    expect(platform.requests).toEqual([
      expect.objectContaining({
        path: "/registry/ws-self/peers",
        authorization: "Bearer tok-self-secret",
      }),
    ]);
  });

  it("is not made for an HTTP command, nor when handlers already answer the local one", async () => {
    platform.answer("GET /workspaces/ws-self", {
      status: 200,
      body: { id: "ws-self" },
    });
    const rt = recordingRuntime({
      delegate_task: async () => "from the runtime",
    });
    expect(await run(["info"], {}, { runtime: rt.runtime })).toEqual({
      code: 0,
      stdout: "id: ws-self\n",
      stderr: "",
    });
    expect(
      await run(
        ["delegate", "ws-peer", "x"],
        { delegate_task: async () => "from handlers" },
        { runtime: rt.runtime },
      ),
    ).toEqual({
      code: 0,
      stdout: "from handlers\n",
      stderr: "",
    });
    expect(rt.events).toEqual([]);
  });

  it("is not made when the configuration is missing: that is a usage error, 2", async () => {
    const rt = recordingRuntime({ delegate_task: async () => "unused" });
    const result = await run(
      ["delegate", "ws-peer", "x"],
      {},
      { runtime: rt.runtime, env: {} },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^molecule delegate: /);
    expect(rt.events).toEqual([]);
  });

  it("a runtime without the command's handler: says so, exits 1, and is still stopped", async () => {
    const rt = recordingRuntime({});
    const result = await run(
      ["delegate", "ws-peer", "x"],
      {},
      { runtime: rt.runtime },
    );
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "molecule delegate: the runtime has no handler for the local tool 'delegate_task'\n",
    });
    expect(rt.events).toEqual(["made", "stopped"]);
  });

  it("a handler's failure exits 1 after the runtime is stopped", async () => {
    const rt = recordingRuntime({
      delegate_task: async () => {
        throw new Error("ws-peer failed the task");
      },
    });
    const result = await run(
      ["delegate", "ws-peer", "x"],
      {},
      { runtime: rt.runtime },
    );
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "molecule delegate: ws-peer failed the task\n",
    });
    expect(rt.events).toEqual(["made", "stopped"]);
  });

  it("an error's text cannot forge a line or drive the terminal: CR, LF, U+2028 and ESC are escaped", async () => {
    const forged =
      "peer said no\nmolecule delegate: done\r\u2028\u001b[2Jall clear";
    const rt = recordingRuntime({
      delegate_task: async () => {
        throw new Error(forged);
      },
    });
    const result = await run(
      ["delegate", "ws-peer", "x"],
      {},
      { runtime: rt.runtime },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "molecule delegate: peer said no\\x0amolecule delegate: done\\x0d\\u2028\\x1b[2Jall clear\n",
    );
  });

  it("a runtime that fails to stop is reported, and the command's answer and exit code stand", async () => {
    const rt = recordingRuntime(
      { delegate_task: async () => "done" },
      async () => {
        throw new Error("a poller\u001b[2J would not end");
      },
    );
    const result = await run(
      ["delegate", "ws-peer", "x"],
      {},
      { runtime: rt.runtime },
    );
    expect(result).toEqual({
      code: 0,
      stdout: "done\n",
      stderr:
        "molecule delegate: the runtime did not stop cleanly: a poller\\x1b[2J would not end\n",
    });
  });
});
