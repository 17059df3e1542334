import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";

/** One request as the platform received it. */
export interface Received {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  /** The query string as sent, with its `?`, or "" (repeated keys survive here). */
  readonly search: string;
  readonly authorization: string | undefined;
  readonly headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or null when none was sent. */
  readonly body: unknown;
}

export interface Answer {
  readonly status: number;
  readonly json: unknown;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for the platform: it records every request
 * and answers each `METHOD /path` with what the test set, or 404.
 */
export class FakePlatform {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, Answer>();
  private readonly server = http.createServer(
    (req, res) => void this.handle(req, res),
  );

  async start(): Promise<string> {
    await new Promise<void>((resolve) =>
      this.server.listen(0, "127.0.0.1", resolve),
    );
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  answer(route: string, status: number, json: unknown): void {
    this.answers.set(route, { status, json });
  }

  reset(): void {
    this.received.length = 0;
    this.answers.clear();
  }

  private async handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    this.received.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      search: url.search,
      authorization: req.headers.authorization,
      headers: req.headers,
      body: text === "" ? null : JSON.parse(text),
    });
    const answer = this.answers.get(`${req.method} ${url.pathname}`) ?? {
      status: 404,
      json: { error: `no route ${url.pathname}` },
    };
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.json));
  }
}

/** The generated CLI's bin, found the way a consumer finds it: through the package's name. */
export function binOf(packageName: string, from: string): string {
  const entry = createRequire(from).resolve(packageName);
  const dir = path.dirname(entry);
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dir, "package.json"), "utf8"),
  ) as { bin: Record<string, string> };
  const [bin] = Object.values(manifest.bin);
  return path.join(dir, bin!);
}

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node <bin> ...args` as a subprocess with exactly `env` (plus PATH), without blocking the server. */
export function runBin(
  bin: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
