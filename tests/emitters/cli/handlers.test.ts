import { main, type CliHandlers } from "@molecule/platform-cli";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakePlatform } from "./platform.js";

/**
 * A runtime that implements a local tool runs the CLI through `main` with its handler:
 * imported by package name, as that runtime would, against a real HTTP server.
 */
const platform = new FakePlatform();
let env: Record<string, string>;

beforeAll(async () => {
  env = { PLATFORM_URL: await platform.start(), WORKSPACE_ID: "ws-self", MOLECULE_WORKSPACE_TOKEN: "tok-self-secret" };
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

async function run(argv: string[], handlers: CliHandlers) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, { handlers, env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

describe("main(argv, { handlers })", () => {
  it("runs delegate through the handler, with the parsed input and a working client", async () => {
    platform.answer("GET /registry/ws-self/peers", 200, [{ id: "ws-peer" }]);
    const inputs: unknown[] = [];
    const result = await run(["delegate", "ws-peer", "Summarise the Q3 report", "--source-workspace-id", "ws-self"], {
      delegate_task: async (input, ctx) => {
        inputs.push(input);
        const peers = (await ctx.client.$call("list_peers", {})) as { id: string }[];
        return { answer: `asked ${input.workspace_id} of ${peers.length} peer(s)` };
      },
    });
    expect(result).toEqual({ code: 0, stdout: "answer: asked ws-peer of 1 peer(s)\n", stderr: "" });
    expect(inputs).toEqual([{ workspace_id: "ws-peer", task: "Summarise the Q3 report", source_workspace_id: "ws-self" }]);
    expect(platform.received).toEqual([expect.objectContaining({ method: "GET", path: "/registry/ws-self/peers", authorization: "Bearer tok-self-secret" })]);
  });

  it("prints a handler's failure and exits 1", async () => {
    const result = await run(["delegate", "ws-peer", "x"], {
      delegate_task: async () => {
        throw new Error("the peer ws-peer did not answer in time");
      },
    });
    expect(result).toEqual({ code: 1, stdout: "", stderr: "molecule delegate: the peer ws-peer did not answer in time\n" });
  });

  it("leaves the HTTP commands to the platform even when handlers are given", async () => {
    platform.answer("GET /workspaces/ws-self", 200, { id: "ws-self" });
    const result = await run(["info", "--json"], { delegate_task: async () => "unused" });
    expect(result).toEqual({ code: 0, stdout: '{\n  "id": "ws-self"\n}\n', stderr: "" });
    expect(platform.received).toHaveLength(1);
  });
});
