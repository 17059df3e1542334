/**
 * The shared hook vectors (tests/vectors/hooks/*.json): what the generated TypeScript client's
 * onRequest and onResponse are given, over a real HTTP server on 127.0.0.1;
 * tests/python/test_hooks_vectors.py replays the same files against the Python client's hooks.
 */
import { createServer, type Server } from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "@molecule/platform-client";

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
interface Case {
  name: string;
  config: { workspaces: { id: string; token: string }[]; headers: object };
  tool: string;
  arguments: unknown;
  answers: Answer[];
  responseHeaders: string[];
  events: Record<string, unknown>[];
  hookRaises?: "request" | "response";
  error?: { message: string };
  sent: number;
}

const dir = join(import.meta.dirname, "hooks");
const cases = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap(
    (f) =>
      (JSON.parse(readFileSync(join(dir, f), "utf8")) as { cases: Case[] })
        .cases,
  );

let server: Server;
let origin = "";
let queue: Answer[] = [];
let sent = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      sent++;
      const answer = queue.shift() ?? {
        status: 599,
        headers: {},
        body: "unexpected request",
      };
      const headers = Object.fromEntries(
        Object.entries(answer.headers).map(([k, v]) => [
          k,
          v.replaceAll("{authorization}", req.headers.authorization ?? ""),
        ]),
      );
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string")
    throw new Error("no port");
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fill = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll("{server}", origin));

describe("shared hook vectors", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    queue = [...c.answers];
    sent = 0;
    const events: Record<string, unknown>[] = [];
    const raise = () => {
      throw new Error(c.error!.message);
    };
    const record =
      (hook: "request" | "response") =>
      (info: { headers: Record<string, string>; durationMs?: number }) => {
        const { durationMs, headers, ...rest } = info;
        if (hook === "response") expect(durationMs).toBeGreaterThanOrEqual(0);
        events.push({
          hook,
          ...rest,
          headers:
            hook === "request"
              ? headers
              : Object.fromEntries(
                  Object.entries(headers).filter(([k]) =>
                    c.responseHeaders.includes(k),
                  ),
                ),
        });
      };
    const hooks =
      c.hookRaises === "request"
        ? { onRequest: raise }
        : c.hookRaises === "response"
          ? { onResponse: raise }
          : { onRequest: record("request"), onResponse: record("response") };
    const client = createClient({
      baseUrl: origin,
      ...c.config,
      retry: { baseDelayMs: 0 },
      ...hooks,
    } as never) as unknown as {
      $call(name: string, input: unknown): Promise<unknown>;
    };
    const error = await client.$call(c.tool, c.arguments).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error && { message: error.message }).toEqual(c.error ?? null);
    expect(events).toEqual(fill(c.events));
    expect(sent).toBe(c.sent);
  });
});
