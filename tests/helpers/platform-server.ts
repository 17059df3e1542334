import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The one fake platform of the tests: a real HTTP server on 127.0.0.1 that records every
 * request and answers as the test scripts it.
 *
 *   const platform = await startPlatform();
 *   platform.answer("GET /workspaces/ws-a", { body: { id: "ws-a" } });
 *   platform.otherwise((req) => ({ status: 503, body: "down" }));
 *   platform.answer("GET /x", inTurn({ status: 503 }, { body: "up" })); // 503 once, then "up"
 *   ... platform.requests ...
 *   platform.reset(); // between tests: forgets requests and answers
 *   await platform.close();
 *
 * A request is answered by its route's answer (`METHOD /path`, the path as sent, without the
 * query), else by `otherwise`, else with 404 `{ error: "no route METHOD /path" }`. An answer that
 * is a function may return undefined to leave the request to the next of these.
 */

/** One request as the platform received it. */
export interface Seen {
  readonly method: string;
  /** Path and query exactly as sent, still encoded. */
  readonly url: string;
  /** The path as sent, still encoded. */
  readonly path: string;
  /** The query string as sent, with its `?`, or "". */
  readonly search: string;
  /** The query's parameters, decoded (the last of a repeated one). */
  readonly query: Record<string, string>;
  /** The query's parameters, decoded, in the order sent (repeated ones kept). */
  readonly queryList: [string, string][];
  readonly headers: http.IncomingHttpHeaders;
  readonly authorization: string | undefined;
  /** Who the bearer token belongs to (see `tokens`), or undefined when none or unknown. */
  readonly as: string | undefined;
  readonly contentType: string;
  /** The body's text ("" when none). */
  readonly text: string;
  /**
   * The body: undefined when none; a multipart form's entries as `{ field, value }` or
   * `{ field, name, size }`; parsed JSON; else the text itself.
   */
  readonly body: unknown;
}

export interface Reply {
  /** 200 unless given. */
  readonly status?: number;
  /** The reason phrase after the status code. */
  readonly statusText?: string;
  readonly headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON; undefined sends no body. */
  readonly body?: unknown;
  /** Milliseconds to wait before answering. */
  readonly delayMs?: number;
  /** Instead of answering: the connection is closed once the request has been read. */
  readonly drop?: boolean;
  /** Instead of `body`: a long body streamed as the client reads it, with no Content-Length. */
  readonly stream?: Stream;
}

/** `bytes` bytes of `fill` (repeated, after `head`), written only as fast as the client reads them. */
export interface Stream {
  readonly bytes: number;
  readonly head?: string;
  readonly fill?: string;
  /** Called once the stream ends or the client hangs up, with the bytes written by then. */
  readonly sent?: (bytes: number) => void;
}

export type Answer =
  Reply | ((req: Seen) => Reply | undefined | Promise<Reply | undefined>);

export interface PlatformServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request, in the order received. */
  readonly requests: Seen[];
  /** Requests whose client hung up before the answer was sent. */
  readonly cancelled: Seen[];
  /** Answers `METHOD /path` (path as sent, without the query). */
  answer(route: string, answer: Answer): void;
  /** Answers every request that no route answered. */
  otherwise(answer: Answer): void;
  /** Forgets the requests and every answer. */
  reset(): void;
  close(): Promise<void>;
}

export interface PlatformOptions {
  /** Token → who it belongs to; sets each request's `as`. */
  readonly tokens?: Readonly<Record<string, string>>;
}

export async function startPlatform(
  options: PlatformOptions = {},
): Promise<PlatformServer> {
  const requests: Seen[] = [];
  const cancelled: Seen[] = [];
  const routes = new Map<string, Answer>();
  let fallback: Answer | undefined;
  const owners = new Map(Object.entries(options.tokens ?? {}));

  async function replyTo(seen: Seen): Promise<Reply> {
    for (const answer of [
      routes.get(`${seen.method} ${seen.path}`),
      fallback,
    ]) {
      const reply = typeof answer === "function" ? await answer(seen) : answer;
      if (reply !== undefined) return reply;
    }
    return {
      status: 404,
      body: { error: `no route ${seen.method} ${seen.path}` },
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const seen = await record(req, Buffer.concat(chunks), owners);
      requests.push(seen);
      res.on("close", () => {
        if (!res.writableFinished) cancelled.push(seen);
      });
      const reply = await replyTo(seen);
      if (reply.delayMs)
        await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      send(res, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    cancelled,
    answer: (route, answer) => void routes.set(route, answer),
    otherwise: (answer) => void (fallback = answer),
    reset() {
      requests.length = 0;
      cancelled.length = 0;
      routes.clear();
      fallback = undefined;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

async function record(
  req: http.IncomingMessage,
  raw: Buffer,
  owners: ReadonlyMap<string, string>,
): Promise<Seen> {
  const url = req.url ?? "/";
  const parsed = new URL(url, "http://platform.test");
  const authorization = req.headers.authorization;
  const contentType = req.headers["content-type"] ?? "";
  const text = raw.toString("utf8");
  const queryList = [...parsed.searchParams.entries()];
  return {
    method: req.method ?? "",
    url,
    path: parsed.pathname,
    search: parsed.search,
    query: Object.fromEntries(queryList),
    queryList,
    headers: req.headers,
    authorization,
    as: authorization?.startsWith("Bearer ")
      ? owners.get(authorization.slice("Bearer ".length))
      : undefined,
    contentType,
    text,
    body: await parseBody(raw, text, contentType),
  };
}

async function parseBody(
  raw: Buffer,
  text: string,
  contentType: string,
): Promise<unknown> {
  if (raw.length === 0) return undefined;
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Response(raw, {
      headers: { "content-type": contentType },
    }).formData();
    return [...form.entries()].map(([field, v]) =>
      typeof v === "string"
        ? { field, value: v }
        : { field, name: v.name, size: v.size },
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(res: http.ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  if (reply.drop) {
    res.socket?.destroy();
    return;
  }
  if (reply.stream !== undefined) {
    res.writeHead(reply.status ?? 200, reply.headers ?? {});
    stream(res, reply.stream);
    return;
  }
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
  const status = reply.status ?? 200;
  if (reply.statusText === undefined) res.writeHead(status, headers);
  else res.writeHead(status, reply.statusText, headers);
  res.end(text);
}

/**
 * Answers with each reply in turn, one per request, and with the last one from then on: a
 * platform that is busy for a while (`inTurn({ status: 503, headers: { "retry-after": "1" } }, { body })`).
 */
export function inTurn(...replies: [Reply, ...Reply[]]): Answer {
  let next = 0;
  return () => replies[Math.min(next++, replies.length - 1)];
}

function stream(res: http.ServerResponse, s: Stream): void {
  const chunk = Buffer.alloc(64 * 1024, s.fill ?? "x");
  let written = 0;
  let reported = false;
  const report = () => {
    if (!reported) s.sent?.(written);
    reported = true;
  };
  res.on("close", report);
  const more = () => {
    if (written === 0 && s.head) {
      res.write(s.head);
      written += Buffer.byteLength(s.head);
    }
    while (written < s.bytes && !res.destroyed) {
      const part = chunk.subarray(0, Math.min(chunk.length, s.bytes - written));
      written += part.length;
      if (!res.write(part)) {
        res.once("drain", more);
        return;
      }
    }
    if (!res.destroyed) res.end(report);
  };
  more();
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

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
