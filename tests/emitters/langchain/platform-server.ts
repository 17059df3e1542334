import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request exactly as the server saw it. */
export interface SeenRequest {
  readonly method: string;
  /** Path and query string, undecoded. */
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or null when none was sent. */
  readonly body: unknown;
}

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
}

export interface PlatformServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** Requests whose connection the client dropped before the answer was sent. */
  readonly cancelled: SeenRequest[];
  /** What the next requests get back; by default 200 with `{ ok: true }`. */
  reply: (request: SeenRequest) => Reply | Promise<Reply>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every request and answers as scripted. */
export async function startPlatformServer(): Promise<PlatformServer> {
  const requests: SeenRequest[] = [];
  const cancelled: SeenRequest[] = [];
  const state: PlatformServer = {
    url: "",
    requests,
    cancelled,
    reply: () => ({ status: 200, body: { ok: true } }),
    close: () =>
      new Promise((resolve, reject) =>
        server.close((e) => (e ? reject(e) : resolve())),
      ),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      };
      requests.push(seen);
      res.on("close", () => {
        if (!res.writableFinished) cancelled.push(seen);
      });
      const reply = await state.reply(seen);
      if (res.destroyed) return;
      if (reply.body === undefined) {
        res.writeHead(reply.status).end();
        return;
      }
      res
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  (state as { url: string }).url =
    `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
