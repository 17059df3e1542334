import { isHeaderValue } from "./config.js";
import type { HttpBinding, PathPart, ValueSource } from "./data.js";
import { ClientError } from "./errors.js";

/** One HTTP request, before the base URL and the token are added. */
export interface PlannedRequest {
  readonly method: string;
  /** Path and query string, every value encoded, e.g. `/workspaces/ws%2F1/activity?limit=5`. */
  readonly target: string;
  /** The JSON text of the body, or null when no body is sent. */
  readonly body: string | null;
  readonly headers: ReadonlyArray<readonly [string, string]>;
}

type Input = { readonly [name: string]: unknown };

/**
 * Places a call's input where the tool's binding says: path, query, body, headers.
 * `workspace` is the routed workspace's id, the value of every `$workspace`.
 * An optional input that was not given is left out; constants and the workspace are always sent.
 */
export function planRequest(tool: string, http: HttpBinding, input: Input, workspace: string): PlannedRequest {
  const value = (source: ValueSource): unknown => {
    if ("workspace" in source) return workspace;
    if ("const" in source) return source.const;
    return Object.hasOwn(input, source.input) ? input[source.input] : undefined;
  };

  const path = http.path.map((part) => ("text" in part ? part.text : segment(tool, part, value(part)))).join("");

  const query: string[] = [];
  for (const field of http.query) {
    const v = value(field);
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined || item === null) continue;
      query.push(`${encode(tool, field.name)}=${encode(tool, scalarText(item))}`);
    }
  }

  let body: string | null = null;
  if (http.body !== null) {
    const fields: Record<string, unknown> = {};
    for (const field of http.body) {
      const v = value(field);
      if (v !== undefined) Object.defineProperty(fields, field.name, { value: v, enumerable: true, writable: true, configurable: true });
    }
    body = JSON.stringify(fields);
  }

  const headers: [string, string][] = [];
  for (const field of http.headers) {
    const v = value(field);
    if (v === undefined || v === null) continue;
    const text = scalarText(v);
    if (field.name.toLowerCase() === "authorization") throw new ClientError(`${tool}: the binding may not set Authorization`, tool);
    if (!isHeaderValue(text)) throw new ClientError(`${tool}: header ${field.name} would contain a line break or a character that cannot be sent in a header`, tool);
    headers.push([field.name, text]);
  }

  return { method: http.method, target: query.length ? `${path}?${query.join("&")}` : path, body, headers };
}

/** A value placed into the path as exactly one segment: `/`, `?`, `#` and `%` are encoded; dot segments are refused. */
function segment(tool: string, part: Exclude<PathPart, { text: string }>, v: unknown): string {
  const what = "input" in part ? `path parameter ${part.input}` : "workspace"; // a const is the spec's own
  if (v === undefined || v === null) throw new ClientError(`${tool}: ${what} is missing`, tool);
  if (typeof v === "object") throw new ClientError(`${tool}: ${what} must be a string or a number`, tool);
  const text = String(v);
  if (text === "" || text === "." || text === "..") {
    throw new ClientError(`${tool}: ${what} cannot be ${JSON.stringify(text)}: it would not be one path segment`, tool);
  }
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
    throw new ClientError(`${tool}: a value contains an unpaired surrogate and cannot be put in a URL`, tool);
  }
}
