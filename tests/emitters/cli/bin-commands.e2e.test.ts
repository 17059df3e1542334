import { describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { bin, env, molecule, platform } from "./bin-setup.js";

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
