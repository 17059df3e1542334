/*
 * CORS for the origins given explicitly (`--allow-origin`, `allowedOrigins`): a browser page of
 * one of them may read what the server answers. Localhost pages are served when they call (see
 * origin.ts) but get no CORS headers unless listed, so a page the user merely visits cannot read
 * the tools' answers; other origins are refused before this is asked.
 */

/** The methods a listed page may use: POST messages, GET a session's stream, DELETE a session. */
const METHODS = "POST, GET, DELETE, OPTIONS";

/** The request headers an MCP client sends beside the ones CORS always allows. */
const REQUEST_HEADERS =
  "content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id";

/** The response headers a page may read beside CORS's safe ones. */
const EXPOSED_HEADERS =
  "mcp-session-id, mcp-protocol-version, www-authenticate";

/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = "600";

/**
 * The headers every answer to this Origin carries: CORS's, when the origin is listed (exactly,
 * as `URL.origin` writes it), and `Vary: Origin` whenever any is listed, since the answer then
 * depends on the Origin header.
 */
export function corsHeaders(
  origin: string | undefined,
  listed: ReadonlySet<string>,
): Record<string, string> {
  if (listed.size === 0) return {};
  if (origin === undefined || !listed.has(origin)) return { vary: "origin" };
  return {
    vary: "origin",
    "access-control-allow-origin": origin,
    "access-control-expose-headers": EXPOSED_HEADERS,
  };
}

/** A preflight's answer for a listed origin: what it may send, and for how long that holds. */
export function preflightHeaders(origin: string): Record<string, string> {
  return {
    vary: "origin",
    "access-control-allow-origin": origin,
    "access-control-allow-methods": METHODS,
    "access-control-allow-headers": REQUEST_HEADERS,
    "access-control-max-age": PREFLIGHT_MAX_AGE,
  };
}
