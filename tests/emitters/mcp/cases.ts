/**
 * What the platform must see for each HTTP-bound tool of the platform fixture (the reference
 * tools.yaml frozen in tests/fixtures/platform/), written by hand from the spec (issue 2), never derived from the generated bindings.
 * Two workspaces: ws-main (primary) and ws-side; each case says whose token must arrive.
 */
export const MAIN = { id: "ws-main", token: "tok-main-7f3a" };
export const SIDE = { id: "ws-side", token: "tok-side-91c2" };

export interface HttpCase {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly method: string;
  readonly path: string;
  readonly query: [string, string][];
  /** undefined: no body. */
  readonly body: unknown;
  readonly token: string;
  readonly headers?: Record<string, string>;
}

export const httpCases: readonly HttpCase[] = [
  {
    tool: "delegate_task_async",
    args: {
      workspace_id: "peer-1",
      task: "summarise the Q3 report",
      source_workspace_id: "ws-side",
    },
    method: "POST",
    path: "/workspaces/ws-side/delegate",
    query: [],
    body: { target_id: "peer-1", task: "summarise the Q3 report" },
    token: SIDE.token,
  },
  {
    tool: "check_task_status",
    args: { workspace_id: "peer-1", task_id: "d-42" },
    method: "GET",
    path: "/workspaces/ws-main/delegations",
    query: [
      ["target_id", "peer-1"],
      ["delegation_id", "d-42"],
    ],
    body: undefined,
    token: MAIN.token,
  },
  {
    tool: "list_peers",
    args: { source_workspace_id: "ws-side" },
    method: "GET",
    path: "/registry/ws-side/peers",
    query: [],
    body: undefined,
    token: SIDE.token,
    headers: { "x-workspace-id": "ws-side" },
  },
  {
    tool: "get_workspace_info",
    args: {},
    method: "GET",
    path: "/workspaces/ws-main",
    query: [],
    body: undefined,
    token: MAIN.token,
  },
  {
    tool: "update_agent_card",
    args: { card: { name: "writer", skills: ["summaries", "translation"] } },
    method: "POST",
    path: "/registry/update-card",
    query: [],
    body: {
      workspace_id: "ws-main",
      agent_card: { name: "writer", skills: ["summaries", "translation"] },
    },
    token: MAIN.token,
  },
  {
    tool: "broadcast_message",
    args: { message: "plan changed: ship Friday", workspace_id: "ws-side" },
    method: "POST",
    path: "/workspaces/ws-side/broadcast",
    query: [],
    body: { message: "plan changed: ship Friday" },
    token: SIDE.token,
  },
  {
    tool: "chat_history",
    args: { peer_id: "peer-1", limit: 5, before_ts: "2026-01-02T03:04:05Z" },
    method: "GET",
    path: "/workspaces/ws-main/activity",
    query: [
      ["peer_id", "peer-1"],
      ["limit", "5"],
      ["before_ts", "2026-01-02T03:04:05Z"],
    ],
    body: undefined,
    token: MAIN.token,
  },
  {
    tool: "commit_memory",
    args: {
      content: "The user prefers metric units.",
      scope: "TEAM",
      source_workspace_id: "ws-side",
    },
    method: "POST",
    path: "/workspaces/ws-side/memories",
    query: [],
    body: {
      content: "The user prefers metric units.",
      scope: "TEAM",
      workspace_id: "ws-side",
    },
    token: SIDE.token,
  },
  {
    // scope left out: its schema default is sent, as every target sends it.
    tool: "commit_memory",
    args: { content: "The deploy key rotates weekly." },
    method: "POST",
    path: "/workspaces/ws-main/memories",
    query: [],
    body: {
      content: "The deploy key rotates weekly.",
      scope: "LOCAL",
      workspace_id: "ws-main",
    },
    token: MAIN.token,
  },
  {
    tool: "recall_memory",
    args: { query: "units", scope: "" },
    method: "GET",
    path: "/workspaces/ws-main/memories",
    query: [
      ["query", "units"],
      ["scope", ""],
      ["workspace_id", "ws-main"],
    ],
    body: undefined,
    token: MAIN.token,
  },
];

/** The local tools of the reference spec, listed by hand. */
export const localToolNames = [
  "delegate_task",
  "get_runtime_identity",
  "send_message_to_user",
  "wait_for_message",
  "inbox_peek",
  "inbox_pop",
];
