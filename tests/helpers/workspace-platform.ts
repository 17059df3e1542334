import {
  startPlatform,
  type PlatformServer,
  type Reply,
  type Seen,
} from "./platform-server.js";

/**
 * The fake platform scripted with the routes the reference runtime uses: registry, activity
 * feeds per workspace (410 when asked), delegations, uploads, notify and workspace info.
 * It checks every request's token against the workspace the request is about and answers 403
 * when they differ, so a token sent for the wrong workspace shows up as a failure.
 */

/** Two workspaces, each with its own token: the platform refuses a token used for the other. */
export const WS_A = { id: "ws-a", token: "tok-a-0123456789" } as const;
export const WS_B = { id: "ws-b", token: "tok-b-9876543210" } as const;

export interface Activity {
  readonly id: string;
  readonly [field: string]: unknown;
}

export interface Delegation {
  status: "pending" | "running" | "completed" | "failed";
  result?: string;
  error?: string;
}

/** What the reference runtime sends on its own (registration, heartbeats, inbox polls), not for a tool call. */
export function isOwnTraffic(r: Seen): boolean {
  return (
    r.path === "/registry/register" ||
    r.path === "/registry/heartbeat" ||
    (r.path.endsWith("/activity") && r.query.type === "a2a_receive")
  );
}

export interface WorkspacePlatform extends PlatformServer {
  /** Workspaces whose next since_id poll answers 410 Gone. */
  readonly gone: Set<string>;
  /** Tokens the platform refuses with 401. */
  readonly refused: Set<string>;
  /** Requests to these paths fail once with the given status (or reply), then are served normally. */
  readonly failOnce: Map<string, number | Reply>;
  readonly delegations: Map<string, Delegation>;
  /** A message arriving in a workspace's feed. */
  receive(workspace: string, activity: Activity): void;
  /** Called when a task is delegated: decides how its delegation evolves. */
  onDelegate(fn: (id: string, body: Record<string, unknown>) => void): void;
}

export async function startWorkspacePlatform(
  workspaces: readonly { id: string; token: string }[] = [WS_A, WS_B],
): Promise<WorkspacePlatform> {
  const platform = await startPlatform({
    tokens: Object.fromEntries(workspaces.map((w) => [w.token, w.id])),
  });
  const feeds = new Map<string, Activity[]>(workspaces.map((w) => [w.id, []]));
  const gone = new Set<string>();
  const refused = new Set<string>();
  const delegations = new Map<string, Delegation>();
  const failOnce = new Map<string, number | Reply>();
  let onDelegate: (
    id: string,
    body: Record<string, unknown>,
  ) => void = () => {};
  let next = 1;

  function route(r: Seen): Reply {
    if (r.as === undefined)
      return { status: 401, body: { error: "unknown token" } };
    const failure = failOnce.get(r.path);
    if (failure !== undefined) {
      failOnce.delete(r.path);
      return typeof failure === "number"
        ? { status: failure, body: { error: "try again later" } }
        : failure;
    }
    if (refused.has(r.authorization!.slice("Bearer ".length)))
      return {
        status: 401,
        body: { error: `token ${r.authorization} revoked` },
      };
    const about =
      r.path.match(/^\/workspaces\/([^/]+)/)?.[1] ??
      (r.body as { workspace_id?: string } | undefined)?.workspace_id;
    if (about !== undefined && decodeURIComponent(about) !== r.as)
      return {
        status: 403,
        body: { error: "this token belongs to another workspace" },
      };
    const ws = r.as;
    const is = (method: string, path: string) =>
      r.method === method && r.path === path;
    if (is("POST", "/registry/register") || is("POST", "/registry/heartbeat"))
      return { body: { ok: true } };
    if (is("GET", `/workspaces/${ws}/activity`)) {
      const feed = feeds.get(ws) ?? [];
      if (r.query.since_id === undefined) return { body: feed };
      if (gone.delete(ws))
        return { status: 410, body: { error: "cursor pruned" } };
      const at = feed.findIndex((a) => a.id === r.query.since_id);
      return { body: feed.slice(at + 1) };
    }
    if (is("POST", `/workspaces/${ws}/delegate`)) {
      const id = `del-${next++}`;
      delegations.set(id, { status: "pending" });
      onDelegate(id, r.body as Record<string, unknown>);
      return { status: 202, body: { delegation_id: id, status: "pending" } };
    }
    if (is("GET", `/workspaces/${ws}/delegations`))
      return {
        body: {
          delegations: [...delegations].map(([id, d]) => ({
            delegation_id: id,
            ...d,
          })),
        },
      };
    if (is("POST", `/workspaces/${ws}/chat/uploads`)) {
      const files = (r.body as { name: string; size: number }[]).map((f) => ({
        name: f.name,
        size: f.size,
        url: `/uploads/${ws}/${f.name}`,
      }));
      return { body: { files } };
    }
    if (is("POST", `/workspaces/${ws}/notify`))
      return { body: { delivered: true } };
    if (is("GET", `/workspaces/${ws}`))
      return { body: { id: ws, name: `Workspace ${ws}` } };
    return { status: 404, body: { error: `no route ${r.method} ${r.path}` } };
  }

  platform.otherwise(route);
  return Object.assign(platform, {
    gone,
    refused,
    failOnce,
    delegations,
    receive(workspace: string, activity: Activity) {
      feeds.get(workspace)!.push(activity);
    },
    onDelegate(fn: (id: string, body: Record<string, unknown>) => void) {
      onDelegate = fn;
    },
  });
}
