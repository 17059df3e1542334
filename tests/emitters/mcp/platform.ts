import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the platform saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  /** Query parameters in the order sent. */
  readonly query: [string, string][];
  readonly authorization: string | undefined;
  readonly headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when none was sent. */
  readonly body: unknown;
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

export interface Platform {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** What the reference runtime sends on its own (registration, heartbeats, inbox polls), kept apart from tool calls. */
  readonly background: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for the platform: it records each request and
 * answers with what `reply` returns (200 with `{ handled: "<METHOD> <path>" }` by default).
 */
export async function startPlatform(
  reply?: (req: SeenRequest) => Reply | undefined,
): Promise<Platform> {
  const requests: SeenRequest[] = [];
  const background: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://platform.test");
      const raw = Buffer.concat(chunks).toString("utf8");
      const seen: SeenRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: [...url.searchParams.entries()],
        authorization: req.headers.authorization,
        headers: req.headers,
        body: raw === "" ? undefined : JSON.parse(raw),
      };
      const own =
        seen.path === "/registry/register" ||
        seen.path === "/registry/heartbeat" ||
        (seen.path.endsWith("/activity") &&
          url.searchParams.get("type") === "a2a_receive");
      (own ? background : requests).push(seen);
      const answer = reply?.(seen) ?? {
        status: 200,
        body: { handled: `${seen.method} ${seen.path}` },
      };
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    background,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
