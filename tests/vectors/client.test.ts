/**
 * The shared client vectors (tests/vectors/client/*.json), replayed against the generated
 * TypeScript client over a real HTTP server on 127.0.0.1; tests/python/test_vectors_client.py
 * replays the same files against the Python client.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import net from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createClientFromEnv,
  type HttpToolName,
} from "@molecule/platform-client";
import { bindClient } from "../../runtime/client/index.js";
import type { ClientData } from "../../runtime/client/data.js";

interface Exchange {
  request: {
    method: string;
    path: string;
    query: string;
    headers: Record<string, string>;
    body: unknown;
  };
  /** `drop`: instead of answering, the connection is closed once the request has been read. */
  response:
    | { status: number; headers: Record<string, string>; body: string }
    | { drop: true };
}
interface Vector {
  description: string;
  tool: string;
  arguments: unknown;
  env: Record<string, string>;
  /** Changes to the tool's http binding, for what the reference spec does not declare. */
  binding?: Record<string, unknown>;
  /** The client's settings instead of the reference spec's (an API without workspaces). */
  client_env?: Record<string, unknown>;
  exchanges: Exchange[];
  result:
    | { value: unknown }
    | {
        error: {
          class: string;
          message: string;
          status?: number;
          body?: unknown;
          problems?: string[];
          code?: string;
        };
      };
}

const dir = join(import.meta.dirname, "client");
const vectors = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map(
    (f) =>
      [f, JSON.parse(readFileSync(join(dir, f), "utf8")) as Vector] as const,
  );

let server: Server;
let origin = "";
// `{closed}`: a port on 127.0.0.1 nothing listens on (bound, then closed); `{closing}`: a server
// that closes each connection once the request arrives, without answering.
let closed = "";
let closing = "";
let closer: net.Server;
let queue: Exchange["response"][] = [];
let seen: {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const answer = queue.shift() ?? {
        status: 599,
        headers: {},
        body: "unexpected request",
      };
      if ("drop" in answer) return void res.socket?.destroy();
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string")
    throw new Error("no port");
  origin = `http://127.0.0.1:${address.port}`;
  const spare = net.createServer();
  await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
  closed = `http://127.0.0.1:${(spare.address() as net.AddressInfo).port}`;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
  closer = net.createServer((socket) => {
    socket.on("error", () => {});
    socket.once("data", () => socket.destroy());
  });
  await new Promise<void>((resolve) => closer.listen(0, "127.0.0.1", resolve));
  closing = `http://127.0.0.1:${(closer.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => closer.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The reference spec's client data with the vector's binding and settings changes (`binding`, `client_env`). */
function clientFor(v: Vector, env: Record<string, string>) {
  if (v.binding === undefined && v.client_env === undefined)
    return createClientFromEnv(env);
  const data = JSON.parse(
    readFileSync(
      join(import.meta.dirname, "../../generated/client/tools.json"),
      "utf8",
    ),
  ) as ClientData;
  const tools = data.tools.map((t) =>
    t.name === v.tool && t.http
      ? { ...t, http: { ...t.http, ...v.binding } }
      : t,
  );
  const names =
    v.client_env === undefined
      ? data.env
      : (JSON.parse(fill(JSON.stringify(v.client_env))) as ClientData["env"]);
  return bindClient({ ...data, env: names, tools }).createClientFromEnv(env);
}

/**
 * A header the vector expects as `{uuid:<label>}`: a random UUID (version 4), the same wherever
 * the label is, another for each label.
 */
function matchHeader(
  name: string,
  got: string | undefined,
  want: string,
  labels: Map<string, string>,
): void {
  const label = /^\{uuid:(\w+)\}$/.exec(want)?.[1];
  if (label === undefined) {
    expect([name, got]).toEqual([name, want]);
    return;
  }
  expect(got).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  const before = labels.get(label);
  if (before === undefined) {
    expect([...labels.values()]).not.toContain(got);
    labels.set(label, got!);
  } else expect(got).toBe(before);
}

const fill = (text: string) =>
  text
    .replaceAll("{server}", origin)
    .replaceAll("{closed}", closed)
    .replaceAll("{closing}", closing);

describe("shared client vectors", () => {
  it("are many", () => expect(vectors.length).toBeGreaterThanOrEqual(40));

  it.each(vectors)("%s", async (_file, v) => {
    queue = v.exchanges.map((x) => x.response);
    seen = [];
    const env = Object.fromEntries(
      Object.entries(v.env).map(([k, x]) => [k, fill(x)]),
    );
    let outcome: { value: unknown } | { error: Record<string, unknown> };
    try {
      const client = clientFor(v, env);
      outcome = {
        value: await client.$call(v.tool as HttpToolName, v.arguments as never),
      };
    } catch (e) {
      const err = e as Error & Record<string, unknown>;
      const error: Record<string, unknown> = {
        class: err.name,
        message: err.message,
      };
      if ("error" in v.result) {
        for (const key of ["status", "body", "problems", "code"] as const)
          if (key in v.result.error) error[key] = err[key];
      }
      outcome = { error };
    }
    const expected =
      "value" in v.result
        ? v.result
        : {
            error: { ...v.result.error, message: fill(v.result.error.message) },
          };
    expect(outcome).toEqual(expected);
    expect(seen.length).toBe(v.exchanges.length);
    const labels = new Map<string, string>();
    seen.forEach((got, i) => {
      const want = v.exchanges[i]!.request;
      const [path, query = ""] = got.url.split(/\?(.*)/s);
      expect({ method: got.method, path, query }).toEqual({
        method: want.method,
        path: want.path,
        query: want.query,
      });
      for (const [name, value] of Object.entries(want.headers))
        matchHeader(
          name,
          got.headers[name] as string | undefined,
          value,
          labels,
        );
      if (!("content-type" in want.headers))
        expect(got.headers["content-type"]).toBeUndefined();
      expect(got.body === "" ? null : JSON.parse(got.body)).toEqual(want.body);
    });
  });
});
