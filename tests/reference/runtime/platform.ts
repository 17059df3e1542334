import http from "node:http";
import type { AddressInfo } from "node:net";

/** Two workspaces, each with its own token: the fake platform refuses a token used for the other. */
export const WS_A = { id: "ws-a", token: "tok-a-0123456789" } as const;
export const WS_B = { id: "ws-b", token: "tok-b-9876543210" } as const;

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  /** The workspace whose token came with the request, or undefined when none or an unknown one. */
  readonly as: string | undefined;
  readonly authorization: string | undefined;
  readonly contentType: string;
  /** The JSON body; for a multipart upload, its files as { field, name, size }. */
  readonly body: unknown;
}

export interface Activity {
  readonly id: string;
  readonly [field: string]: unknown;
}

export interface Delegation {
  status: "pending" | "running" | "completed" | "failed";
  result?: string;
  error?: string;
}

/**
 * A real HTTP server on 127.0.0.1 playing the parts of the platform the runtime uses: registry,
 * activity feeds per workspace (with 410 when asked), delegations, uploads and notify. It checks
 * every request's token against the workspace the request is about and answers 403 when they
 * differ, so a token sent for the wrong workspace shows up as a failure, not just in a log.
 */
export async function startPlatform(
  workspaces: readonly { id: string; token: string }[] = [WS_A, WS_B],
) {
  const requests: SeenRequest[] = [];
  const feeds = new Map<string, Activity[]>(workspaces.map((w) => [w.id, []]));
  /** Workspaces whose next since_id poll answers 410 Gone. */
  const gone = new Set<string>();
  /** Tokens the platform refuses with 401. */
  const refused = new Set<string>();
  const delegations = new Map<string, Delegation>();
  /** Requests to these paths fail once with the given status, then are served normally. */
  const failOnce = new Map<string, number>();
  /** Called when a task is delegated: decides how its delegation evolves. */
  let onDelegate: (
    id: string,
    body: Record<string, unknown>,
  ) => void = () => {};
  let next = 1;

  const byToken = new Map(workspaces.map((w) => [`Bearer ${w.token}`, w.id]));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://platform.test");
      const raw = Buffer.concat(chunks);
      const contentType = req.headers["content-type"] ?? "";
      let body: unknown;
      if (contentType.startsWith("multipart/form-data")) {
        const form = await new Response(raw, {
          headers: { "content-type": contentType },
        }).formData();
        body = [...form.entries()].map(([field, v]) =>
          typeof v === "string"
            ? { field, value: v }
            : { field, name: v.name, size: v.size },
        );
      } else
        body = raw.length === 0 ? undefined : JSON.parse(raw.toString("utf8"));
      const seen: SeenRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        as: byToken.get(req.headers.authorization ?? ""),
        authorization: req.headers.authorization,
        contentType,
        body,
      };
      requests.push(seen);
      const [status, answer] = route(seen);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });

  function route(r: SeenRequest): [number, unknown] {
    if (r.as === undefined) return [401, { error: "unknown token" }];
    const failure = failOnce.get(r.path);
    if (failure !== undefined) {
      failOnce.delete(r.path);
      return [failure, { error: "try again later" }];
    }
    if (refused.has(r.authorization!.slice("Bearer ".length)))
      return [401, { error: `token ${r.authorization} revoked` }];
    const about =
      r.path.match(/^\/workspaces\/([^/]+)/)?.[1] ??
      (r.body as { workspace_id?: string } | undefined)?.workspace_id;
    if (about !== undefined && decodeURIComponent(about) !== r.as)
      return [403, { error: "this token belongs to another workspace" }];
    const ws = r.as;
    if (
      r.method === "POST" &&
      (r.path === "/registry/register" || r.path === "/registry/heartbeat")
    )
      return [200, { ok: true }];
    if (r.method === "GET" && r.path === `/workspaces/${ws}/activity`) {
      const feed = feeds.get(ws) ?? [];
      if (r.query.since_id !== undefined) {
        if (gone.delete(ws)) return [410, { error: "cursor pruned" }];
        const at = feed.findIndex((a) => a.id === r.query.since_id);
        return [200, feed.slice(at + 1)];
      }
      return [200, feed];
    }
    if (r.method === "POST" && r.path === `/workspaces/${ws}/delegate`) {
      const id = `del-${next++}`;
      delegations.set(id, { status: "pending" });
      onDelegate(id, r.body as Record<string, unknown>);
      return [202, { delegation_id: id, status: "pending" }];
    }
    if (r.method === "GET" && r.path === `/workspaces/${ws}/delegations`) {
      return [
        200,
        {
          delegations: [...delegations].map(([id, d]) => ({
            delegation_id: id,
            ...d,
          })),
        },
      ];
    }
    if (r.method === "POST" && r.path === `/workspaces/${ws}/chat/uploads`) {
      const files = (r.body as { name: string; size: number }[]).map((f) => ({
        name: f.name,
        size: f.size,
        url: `/uploads/${ws}/${f.name}`,
      }));
      return [200, { files }];
    }
    if (r.method === "POST" && r.path === `/workspaces/${ws}/notify`)
      return [200, { delivered: true }];
    if (r.method === "GET" && r.path === `/workspaces/${ws}`)
      return [200, { id: ws, name: `Workspace ${ws}` }];
    return [404, { error: `no route ${r.method} ${r.path}` }];
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    gone,
    refused,
    failOnce,
    delegations,
    /** A message arriving in a workspace's feed. */
    receive(workspace: string, activity: Activity) {
      feeds.get(workspace)!.push(activity);
    },
    onDelegate(fn: (id: string, body: Record<string, unknown>) => void) {
      onDelegate = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Platform = Awaited<ReturnType<typeof startPlatform>>;

/** Waits until `check` holds, polling every 5 ms; fails after `ms`. */
export async function until(
  check: () => boolean,
  what: string,
  ms = 5000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
