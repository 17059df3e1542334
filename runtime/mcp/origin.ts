/*
 * DNS-rebinding protection, as the MCP specification asks of a Streamable HTTP server: a
 * browser page may send requests to a local server, and its Origin header says whose page it is.
 */

/** The hosts whose pages may always call: the user's own machine. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a request with this Origin header may be served: none (not a browser), a localhost
 * origin (any port, http or https), or one of `allowed` (exact origins, from normalizeOrigin).
 */
export function originAllowed(
  origin: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (
    (url.protocol === "http:" || url.protocol === "https:") &&
    LOCAL_HOSTS.has(url.hostname)
  )
    return true;
  return allowed.has(url.origin);
}

/**
 * `scheme://host[:port]` in the form browsers send it (lower case, default port left out), or
 * undefined when the text is not exactly an http(s) origin (a path, a query, credentials…).
 */
export function normalizeOrigin(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username !== "" || url.password !== "") return undefined;
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "")
    return undefined;
  return url.origin;
}
