import { isHeaderValue } from "./header-value.js";
import type { Field, HttpBinding, PathPart, ValueSource } from "./data.js";
import { ClientError, InputError } from "./errors.js";

/** One HTTP request, before the base URL and the token are added. */
export interface PlannedRequest {
  readonly method: string;
  /** Path and query string, every value encoded, e.g. `/workspaces/ws%2F1/activity?limit=5`. */
  readonly target: string;
  /** The JSON text of the body, a multipart form, or null when no body is sent. */
  readonly body: string | FormData | null;
  readonly headers: ReadonlyArray<readonly [string, string]>;
}

type Input = { readonly [name: string]: unknown };

/**
 * Places a call's input where the tool's binding says: path, query, body, headers.
 * `workspace` is the routed workspace's id, the value of every `$workspace`.
 * An optional input that was not given is left out; constants and the workspace are always sent.
 */
export function planRequest(
  tool: string,
  http: HttpBinding,
  input: Input,
  workspace: string,
): PlannedRequest {
  const value = (source: ValueSource): unknown => {
    if ("workspace" in source) return workspace;
    if ("const" in source) return source.const;
    return Object.hasOwn(input, source.input) ? input[source.input] : undefined;
  };

  const path = http.path
    .map((part) =>
      "text" in part ? part.text : segment(tool, part, value(part)),
    )
    .join("");

  const query: string[] = [];
  for (const field of http.query) {
    const v = value(field);
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined || item === null) continue;
      query.push(
        `${encode(tool, field.name)}=${encode(tool, scalarText(item))}`,
      );
    }
  }

  let body: string | null = null;
  if (http.body !== null && !Array.isArray(http.body)) {
    // The whole body: sent when given (JSON's null included), else no body at all.
    const v = value(http.body as { readonly input: string });
    if (v !== undefined) body = JSON.stringify(v);
  } else if (http.body !== null) {
    const fields: Record<string, unknown> = {};
    for (const field of http.body as readonly Field[]) {
      const v = value(field);
      if (v !== undefined)
        Object.defineProperty(fields, field.name, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    body = JSON.stringify(fields);
  }

  const headers: [string, string][] = [];
  for (const field of http.headers) {
    const v = value(field);
    if (v === undefined || v === null) continue;
    const text = scalarText(v);
    if (field.name.toLowerCase() === "authorization")
      throw new ClientError(
        `${tool}: the binding may not set Authorization`,
        tool,
      );
    if (!isHeaderValue(text))
      throw new ClientError(
        `${tool}: header ${field.name} would contain a line break or a character that cannot be sent in a header`,
        tool,
      );
    headers.push([field.name, text]);
  }

  return {
    method: http.method,
    target: query.length ? `${path}?${query.join("&")}` : path,
    body,
    headers,
  };
}

/**
 * A request to a platform endpoint that no tool declares, for hand-written handlers
 * (uploads, registration, polling). It gets what tool calls get: the routed workspace's
 * token and no other, each path value as one encoded segment, the configured base URL only.
 */
export interface PlatformRequest {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A path template: `{$workspace}` is the routed workspace's id, `{name}` is `params.name`. */
  readonly path: string;
  /** The workspace to call as, whose token is sent (the primary when not given). */
  readonly workspace?: string;
  readonly params?: { readonly [name: string]: string | number };
  /** Values left undefined or null are not sent; an array repeats its key. */
  readonly query?: {
    readonly [name: string]:
      | string
      | number
      | boolean
      | null
      | undefined
      | readonly (string | number | boolean)[];
  };
  /** Sent as JSON, or as multipart/form-data when it is a FormData. */
  readonly body?: unknown;
  readonly headers?: { readonly [name: string]: string };
  /** Names the call in error messages, e.g. `send_file: upload`. */
  readonly label?: string;
}

export function planRaw(
  label: string,
  req: PlatformRequest,
  workspace: string,
): PlannedRequest {
  if (req === null || typeof req !== "object")
    throw new ClientError(`${label}: the request must be an object`, label);
  if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(req.method))
    throw new ClientError(
      `${label}: unsupported method ${JSON.stringify(req.method)}`,
      label,
    );
  if (typeof req.path !== "string" || !req.path.startsWith("/"))
    throw new ClientError(
      `${label}: the path must be a string starting with /`,
      label,
    );
  const params = req.params ?? {};
  let path = "";
  let last = 0;
  for (const m of req.path.matchAll(/\{([^{}]*)\}/g)) {
    path += literal(label, req.path.slice(last, m.index));
    const name = m[1]!;
    if (name === "$workspace")
      path += segment(label, { workspace: true }, workspace);
    else
      path += segment(
        label,
        { input: name },
        Object.hasOwn(params, name) ? params[name] : undefined,
      );
    last = m.index + m[0].length;
  }
  path += literal(label, req.path.slice(last));

  const query: string[] = [];
  for (const [name, v] of Object.entries(req.query ?? {})) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v])
      query.push(`${encode(label, name)}=${encode(label, scalarText(item))}`);
  }

  let body: string | FormData | null = null;
  if (req.body !== undefined) {
    if (req.method === "GET")
      throw new ClientError(`${label}: a GET request has no body`, label);
    body = req.body instanceof FormData ? req.body : JSON.stringify(req.body);
  }

  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    if (name.toLowerCase() === "authorization")
      throw new ClientError(
        `${label}: a request may not set Authorization: the client sends the workspace's own token`,
        label,
      );
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new ClientError(
        `${label}: ${JSON.stringify(name)} is not a valid header name`,
        label,
      );
    if (typeof value !== "string" || !isHeaderValue(value))
      throw new ClientError(
        `${label}: header ${name} must be a string without line breaks`,
        label,
      );
    headers.push([name, value]);
  }
  return {
    method: req.method,
    target: query.length ? `${path}?${query.join("&")}` : path,
    body,
    headers,
  };
}

/**
 * Literal path text of a hand-written template: it may not smuggle in a query, a fragment or a
 * stray brace, nor climb out of the base URL's path: URL parsing resolves `.` and `..` segments,
 * spelt `%2e` too, and reads `\` as `/`.
 */
function literal(label: string, text: string): string {
  if (/[?#{}]/.test(text))
    throw new ClientError(
      `${label}: the path may not contain ?, # or unmatched braces: use query`,
      label,
    );
  // URL parsing also drops tabs and line breaks, which could join `.` and `.` into `..` after this check.
  if (
    /[\\\u0000-\u001f\u007f]/.test(text) ||
    text.split("/").some((s) => DOT_SEGMENT.test(s))
  ) {
    throw new ClientError(
      `${label}: the path may not contain a backslash, a control character, or a . or .. segment`,
      label,
    );
  }
  return text;
}

/** `.` or `..`, as the URL parser reads them: `%2e` is a dot, in either case. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** A value placed into the path as exactly one segment: `/`, `?`, `#` and `%` are encoded; dot segments are refused. */
function segment(
  tool: string,
  part: Exclude<PathPart, { text: string }>,
  v: unknown,
): string {
  const what = "input" in part ? `path parameter ${part.input}` : "workspace"; // a const is the spec's own
  // A caller's value is the caller's mistake (an InputError, a usage error on the CLI); a workspace id is the configuration's.
  const refuse = (problem: string) =>
    "input" in part
      ? new InputError(tool, [`${what} ${problem}`])
      : new ClientError(`${tool}: ${what} ${problem}`, tool);
  if (v === undefined || v === null) throw refuse("is missing");
  if (typeof v === "object") throw refuse("must be a string or a number");
  const text = String(v);
  if (text === "" || text === "." || text === "..")
    throw refuse(
      `cannot be ${JSON.stringify(text)}: it would not be one path segment`,
    );
  return encode(tool, text);
}

/** Query and header values: strings as they are, numbers and booleans as JSON writes them, objects as JSON. */
function scalarText(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

function encode(tool: string, text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw new ClientError(
      `${tool}: a value contains an unpaired surrogate and cannot be put in a URL`,
      tool,
    );
  }
}
