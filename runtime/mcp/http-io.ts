import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { JsonRpcRefusal } from "./jsonrpc.js";

// node's request and response, as the HTTP handler and the SDK's web-standard transport meet.

/** The largest request body served: a tool call's arguments, not a file upload. */
export const BODY_LIMIT: number = 4 * 1024 * 1024;

/** A JSON-RPC error answer with no id: the request was not read. */
export function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
): void {
  answer(
    response,
    status,
    { jsonrpc: "2.0", id: null, error: { code, message } },
    headers,
  );
}

export function answer(
  response: ServerResponse,
  status: number,
  refusal: JsonRpcRefusal,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(refusal);
  response.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}

/** The request's body, or undefined when it is longer than BODY_LIMIT. */
export async function readBody(
  request: IncomingMessage,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > BODY_LIMIT) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * node's request as the web-standard Request the SDK's transport reads (GET and DELETE have no
 * body), with `accept` in place of the client's Accept when given.
 */
export function webRequest(
  request: IncomingMessage,
  body: Buffer | undefined,
  accept?: string,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      headers.append(name, v);
  }
  if (accept !== undefined) headers.set("accept", accept);
  return new Request(new URL(request.url ?? "/", "http://localhost"), {
    method: request.method,
    headers,
    ...(body === undefined ? {} : { body: new Uint8Array(body) }),
  });
}

/**
 * Writes the transport's answer, with `headers` added. A stream (SSE) is written as it comes,
 * waiting for the client to read what was written; when the client goes away, the stream is
 * cancelled, so that the transport stops writing to it and keeps what follows for a resumption.
 */
export async function send(
  response: ServerResponse,
  answer: Response,
  headers: Record<string, string> = {},
): Promise<void> {
  response.writeHead(answer.status, {
    ...Object.fromEntries(answer.headers),
    ...headers,
  });
  if (answer.body === null) return void response.end();
  // An SSE stream may say nothing for a while: its headers go out now.
  response.flushHeaders();
  const reader = answer.body.getReader();
  const gone = () => void reader.cancel().catch(() => {});
  response.once("close", gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!response.write(value) && !response.destroyed)
        await drainedOrClosed(response);
    }
  } finally {
    response.off("close", gone);
  }
  response.end();
}

/** Resolves when the response can take more, or is gone; leaves no listener behind. */
async function drainedOrClosed(response: ServerResponse): Promise<void> {
  const done = new AbortController();
  const { signal } = done;
  const ignore = () => {};
  try {
    await Promise.race([
      once(response, "drain", { signal }).catch(ignore),
      once(response, "close", { signal }).catch(ignore),
    ]);
  } finally {
    done.abort();
  }
}
