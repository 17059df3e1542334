import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the platform saw it. */
export interface Seen {
  readonly method: string;
  /** Path and query exactly as sent, still encoded. */
  readonly url: string;
  readonly path: string;
  /** Query parameters in order, decoded. */
  readonly query: [string, string][];
  readonly headers: http.IncomingHttpHeaders;
  /** The body's text ("" when none). */
  readonly body: string;
}

export interface Reply {
  readonly status?: number;
  /** The reason phrase after the status code. */
  readonly statusText?: string;
  readonly headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  readonly body?: unknown;
  /** Milliseconds to wait before answering. */
  readonly delayMs?: number;
}

export interface Platform {
  readonly url: string;
  readonly seen: Seen[];
  /** How the next requests are answered (default: 200 with `{ ok: true, path }`). */
  answer(fn: (req: Seen) => Reply): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 playing the platform, recording every request. */
export async function startPlatform(): Promise<Platform> {
  const seen: Seen[] = [];
  let respond: (req: Seen) => Reply = (req) => ({
    body: { ok: true, path: req.path },
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = req.url ?? "";
      const parsed = new URL(url, "http://platform.test");
      const entry: Seen = {
        method: req.method ?? "",
        url,
        path: parsed.pathname,
        query: [...parsed.searchParams.entries()],
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      seen.push(entry);
      const reply = respond(entry);
      const send = () => {
        if (res.destroyed) return;
        const isText = typeof reply.body === "string";
        const text =
          reply.body === undefined
            ? ""
            : isText
              ? (reply.body as string)
              : JSON.stringify(reply.body);
        const headers: Record<string, string> = {
          ...(reply.body !== undefined && !isText
            ? { "content-type": "application/json" }
            : {}),
          ...reply.headers,
        };
        if (reply.statusText === undefined)
          res.writeHead(reply.status ?? 200, headers);
        else res.writeHead(reply.status ?? 200, reply.statusText, headers);
        res.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer: (fn) => void (respond = fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
