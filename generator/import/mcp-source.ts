import { spawn } from "node:child_process";
import fs from "node:fs";
import { isRecord } from "../../runtime/shared/record.js";
import { MAX_SPEC_BYTES } from "../read/bounded.js";

/** What `toolgen import mcp` reads from a server: how it names itself, and its tools as sent. */
export interface McpToolList {
  /** serverInfo.name, or null when the source does not say (a saved list). */
  readonly name: string | null;
  readonly title: string | null;
  readonly version: string | null;
  /** Each tool exactly as tools/list sent it, its keys in the order they came. */
  readonly tools: readonly Record<string, unknown>[];
}

/** A source that cannot be read: said in one line, exit 2. */
export class ImportSourceError extends Error {
  override name = "ImportSourceError";
}

/** The protocol version toolgen asks for; a server may answer with an older one it speaks. */
const PROTOCOL = "2025-11-25";

/**
 * The most bytes read from a source (a saved file, a line or a body of a server): four times
 * the most a spec may hold, so that a source that could never make a spec is refused early.
 */
const MAX_SOURCE_BYTES = 4 * MAX_SPEC_BYTES;

/** Pages of tools/list followed at most, so that a server whose cursor never ends cannot hang us. */
const MAX_PAGES = 100;

/**
 * A saved list: a tools/list result (`{ "tools": [...] }`, with `serverInfo` beside it when the
 * file also holds initialize's answer), a whole JSON-RPC response (`{ "result": { "tools" } }`)
 * or the bare array of tools.
 */
export function readSavedList(file: string): McpToolList {
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_SOURCE_BYTES)
      throw new ImportSourceError(
        `${file} holds more than ${MAX_SOURCE_BYTES} bytes: no spec toolgen reads could hold its tools`,
      );
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    if (e instanceof ImportSourceError) throw e;
    throw new ImportSourceError(
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportSourceError(
      `${file} is not JSON: save the server's tools/list answer as JSON`,
    );
  }
  const body = recordOf(value)?.result ?? value;
  const tools = Array.isArray(body) ? body : recordOf(body)?.tools;
  const info = recordOf(recordOf(body)?.serverInfo);
  return {
    name: nonEmpty(info?.name),
    title: nonEmpty(info?.title),
    version: nonEmpty(info?.version),
    tools: checkedTools(tools, file),
  };
}

/** Asks a server over stdio: starts `command`, initializes, lists every page of tools, ends it. */
export async function listOverStdio(
  command: readonly string[],
  timeoutMs: number,
): Promise<McpToolList> {
  const [program, ...args] = command;
  if (program === undefined)
    throw new ImportSourceError("give the command that starts the server");
  const child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (d: string) => {
    stderr = (stderr + d).slice(-2000);
  });
  const pending = new Map<number, (message: Record<string, unknown>) => void>();
  let buffer = "";
  /** The last line on stdout that was not JSON-RPC, said when the server never answers. */
  let noise: string | null = null;
  let fail: (e: ImportSourceError) => void = () => undefined;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (d: string) => {
    buffer += d;
    for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
      const line = buffer.slice(0, i).trim();
      buffer = buffer.slice(i + 1);
      if (line === "") continue;
      let message: Record<string, unknown> | undefined;
      try {
        message = recordOf(JSON.parse(line));
      } catch {
        message = undefined; // a line of log on stdout: not ours to read
      }
      const id = message?.id;
      if (typeof id === "number") pending.get(id)?.(message!);
      else if (message === undefined) noise = line;
    }
    if (buffer.length > MAX_SOURCE_BYTES)
      fail(
        new ImportSourceError(
          `the server wrote more than ${MAX_SOURCE_BYTES} bytes on one line`,
        ),
      );
  });
  const exited = new Promise<never>((_, reject) => {
    fail = reject;
    child.once("error", (e) =>
      reject(new ImportSourceError(`cannot start ${program}: ${e.message}`)),
    );
    child.once("exit", (code, signal) =>
      reject(
        new ImportSourceError(
          `the server ended (${signal ?? `exit ${code}`}) before it listed its tools${stderr ? `; it said: ${lastLine(stderr)}` : ""}`,
        ),
      ),
    );
  });
  let next = 1;
  const request = (method: string, params: unknown) => {
    const id = next++;
    const answer = new Promise<Record<string, unknown>>((resolve) =>
      pending.set(id, resolve),
    );
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`,
    );
    return Promise.race([answer, exited]);
  };
  const notify = (method: string) =>
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
  try {
    return await withTimeout(
      converse(request, notify),
      timeoutMs,
      () =>
        `the server did not list its tools within ${timeoutMs / 1000} s${noise === null ? "" : `; on stdout it wrote what is not JSON-RPC: ${JSON.stringify(noise.slice(0, 200))}`}`,
    );
  } finally {
    child.stdin.end();
    child.kill();
  }
}

/** Asks a server over Streamable HTTP: initialize, then every page of tools/list. */
export async function listOverHttp(
  url: string,
  timeoutMs: number,
): Promise<McpToolList> {
  let session: string | null = null;
  let next = 1;
  // Ends every request when the import ends: a server that never answers holds nothing open.
  const abort = new AbortController();
  const post = async (body: object): Promise<Response> => {
    const response = await fetch(url, {
      signal: abort.signal,
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": PROTOCOL,
        ...(session === null ? {} : { "mcp-session-id": session }),
      },
      body: JSON.stringify(body),
      redirect: "error",
    });
    session = response.headers.get("mcp-session-id") ?? session;
    return response;
  };
  const request = async (method: string, params: unknown) => {
    const id = next++;
    const response = await post({ jsonrpc: "2.0", id, method, params });
    if (!response.ok)
      throw new ImportSourceError(
        `${url} answered ${method} with HTTP ${response.status}`,
      );
    const text = await boundedText(response);
    const type = response.headers.get("content-type") ?? "";
    const messages = type.includes("text/event-stream")
      ? eventData(text)
      : [text];
    for (const data of messages) {
      let message: Record<string, unknown> | undefined;
      try {
        message = recordOf(JSON.parse(data));
      } catch {
        continue;
      }
      if (message?.id === id) return message;
    }
    throw new ImportSourceError(`${url} sent no answer to ${method}`);
  };
  const notify = (method: string) => {
    void post({ jsonrpc: "2.0", method }).then(
      (r) => r.body?.cancel(),
      () => undefined,
    );
  };
  try {
    return await withTimeout(
      converse(request, notify),
      timeoutMs,
      () => `${url} did not list its tools within ${timeoutMs / 1000} s`,
    );
  } catch (e) {
    if (e instanceof ImportSourceError) throw e;
    throw new ImportSourceError(`cannot reach ${url}: ${systemCode(e)}`);
  } finally {
    abort.abort();
  }
}

type Request = (
  method: string,
  params: unknown,
) => Promise<Record<string, unknown>>;

/** initialize, initialized, then tools/list page by page. */
async function converse(
  request: Request,
  notify: (method: string) => void,
): Promise<McpToolList> {
  const init = result(
    await request("initialize", {
      protocolVersion: PROTOCOL,
      capabilities: {},
      clientInfo: { name: "toolgen-import", version: "1.0.0" },
    }),
    "initialize",
  );
  notify("notifications/initialized");
  const info = recordOf(init.serverInfo);
  const tools: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = result(
      await request("tools/list", cursor === undefined ? {} : { cursor }),
      "tools/list",
    );
    if (!Array.isArray(listed.tools))
      throw new ImportSourceError(
        "the server's tools/list answer has no tools",
      );
    tools.push(...listed.tools);
    cursor =
      typeof listed.nextCursor === "string" ? listed.nextCursor : undefined;
    if (cursor === undefined)
      return {
        name: nonEmpty(info?.name),
        title: nonEmpty(info?.title),
        version: nonEmpty(info?.version),
        tools: checkedTools(tools, "the server's tools/list answer"),
      };
  }
  throw new ImportSourceError(
    `the server's tools/list went on past ${MAX_PAGES} pages`,
  );
}

function result(
  message: Record<string, unknown>,
  method: string,
): Record<string, unknown> {
  const error = recordOf(message.error);
  if (error !== undefined)
    throw new ImportSourceError(
      `the server refused ${method}: ${typeof error.message === "string" ? error.message : JSON.stringify(error)}`,
    );
  const value = recordOf(message.result);
  if (value === undefined)
    throw new ImportSourceError(`the server's ${method} answer has no result`);
  return value;
}

function checkedTools(
  tools: unknown,
  where: string,
): Record<string, unknown>[] {
  if (!Array.isArray(tools))
    throw new ImportSourceError(`${where} holds no list of tools`);
  return tools.map((t, i) => {
    const tool = recordOf(t);
    if (tool === undefined || typeof tool.name !== "string")
      throw new ImportSourceError(`${where}: tool ${i + 1} has no name`);
    return tool;
  });
}

/** A response's body as text, refused past MAX_SOURCE_BYTES. */
async function boundedText(response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    // Leaving the loop cancels the body.
    if (size > MAX_SOURCE_BYTES)
      throw new ImportSourceError(
        `${response.url} answered with more than ${MAX_SOURCE_BYTES} bytes`,
      );
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The data of each event of a text/event-stream body. */
function eventData(text: string): string[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n"),
    )
    .filter((data) => data !== "");
}

function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  message: () => string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImportSourceError(message())), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function nonEmpty(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return JSON.stringify(lines[lines.length - 1]!.slice(0, 200));
}

/** The system's code for a failed fetch (ECONNREFUSED…), found in its cause; else its message. */
function systemCode(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause as
    | { code?: unknown; message?: unknown; errors?: { code?: unknown }[] }
    | undefined;
  const code =
    cause?.code ?? cause?.errors?.find((e) => e.code)?.code ?? cause?.message;
  return typeof code === "string" ? code : (error as Error).message;
}

/** The value as a record, or undefined when it is none. */
function recordOf(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}
