import type { JsonRpcMessage } from "./mcp-types.js";

/*
 * What both transports read before an SDK sees a message, so that stdio and HTTP (and the
 * Python server, runtime/python/toolgen_core/mcp_jsonrpc.py) answer the same malformed input
 * alike: one JSON-RPC 2.0 message per line or POST, never a batch (MCP 2025-11-25 has none).
 */

/** A JSON-RPC error answer of the server's own, as either transport sends it. */
export interface JsonRpcRefusal {
  readonly jsonrpc: "2.0";
  readonly id: string | number | null;
  readonly error: { readonly code: number; readonly message: string };
}

/** A message to hand the SDK, or the error answer for one that is none. */
export type Incoming =
  | { readonly message: JsonRpcMessage; readonly refusal?: undefined }
  | { readonly message?: undefined; readonly refusal: JsonRpcRefusal };

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

/** The deepest nesting of arrays and objects read, the message itself being 1. */
export const MAX_DEPTH = 100;

/** Blank lines between messages are skipped: only JSON's own whitespace. */
export function isBlank(text: string): boolean {
  return /^[ \t\r\n]*$/.test(text);
}

/**
 * Reads one message's text: not JSON is a -32700 (parse error); a batch, a value that is no
 * object, a `jsonrpc` other than "2.0", an id that is no string or integer, a method that is no
 * string, params that are no object, or no method and no response are -32600 (invalid request),
 * and so is a text nested deeper than MAX_DEPTH, before it is parsed. The answer carries the
 * message's id when it could be read, null otherwise.
 */
export function readMessage(text: string): Incoming {
  // Counted on the text, before parsing, so that both languages refuse the same texts alike.
  if (depthOf(text) > MAX_DEPTH)
    return invalid(
      null,
      `nested deeper than ${MAX_DEPTH} arrays and objects, the most this server reads`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused(null, PARSE_ERROR, "Parse error: the message is not JSON");
  }
  return checkMessage(value);
}

/** The checks of readMessage on a value already parsed. */
export function checkMessage(value: unknown): Incoming {
  if (Array.isArray(value))
    return invalid(
      null,
      "a batch (a JSON array); this server takes one message at a time",
    );
  if (value === null || typeof value !== "object")
    return invalid(null, "the message is not a JSON object");
  const m = value as Record<string, unknown>;
  const hasId = Object.hasOwn(m, "id");
  const id = hasId && isId(m.id) ? m.id : null;
  if (m.jsonrpc !== "2.0") return invalid(id, '"jsonrpc" must be "2.0"');
  if (hasId && id === null)
    return invalid(null, '"id" must be a string or an integer');
  if (Object.hasOwn(m, "method")) {
    if (typeof m.method !== "string")
      return invalid(id, '"method" must be a string');
    if (Object.hasOwn(m, "params") && !isObject(m.params))
      return invalid(id, '"params" must be an object');
    return { message: m as JsonRpcMessage };
  }
  if (!Object.hasOwn(m, "result") && !Object.hasOwn(m, "error"))
    return invalid(id, '"method" is missing');
  if (hasId && isResponse(m)) return { message: m as JsonRpcMessage };
  return invalid(
    id,
    'a response needs an id and either a "result" object or an "error" with a code and a message',
  );
}

/**
 * How deep the brackets outside strings nest: the greatest count of those open at once. A string
 * runs from a `"` to the next one no backslash escapes, or to the end of an unterminated text.
 */
function depthOf(text: string): number {
  let depth = 0;
  let most = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) most = Math.max(most, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return most;
}

/** A request id as MCP takes one: a string, or an integer JSON carries exactly. */
function isId(value: unknown): value is string | number {
  return typeof value === "string" || Number.isSafeInteger(value);
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A response to a request of the server's: a result object, or an error with its code and message. */
function isResponse(m: Record<string, unknown>): boolean {
  const result = Object.hasOwn(m, "result");
  if (result === Object.hasOwn(m, "error")) return false;
  if (result) return isObject(m.result);
  const error = m.error as Record<string, unknown>;
  return (
    isObject(error) &&
    Number.isSafeInteger(error.code) &&
    typeof error.message === "string"
  );
}

function invalid(id: string | number | null, why: string): Incoming {
  return refused(id, INVALID_REQUEST, `Invalid Request: ${why}`);
}

function refused(
  id: string | number | null,
  code: number,
  message: string,
): Incoming {
  return { refusal: refusal(id, code, message) };
}

/** The error answer to a message the server cannot take. */
export function refusal(
  id: string | number | null,
  code: number,
  message: string,
): JsonRpcRefusal {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
