import type { CallOptions, ResolvedConfig } from "./options.js";
import {
  ClientError,
  NetworkError,
  OutcomeUnknownError,
  PlatformError,
  TimeoutError,
} from "./errors.js";
import { readBody } from "./body.js";
import { longestTokenForm, redact, redactValue } from "./redact.js";
import type { PlannedRequest } from "./request.js";
import { isRecord } from "../shared/record.js";
import { withQueryCredential, type Authorization } from "./auth.js";

/** Redirects followed (within the platform's origin) before giving up, as few as a platform API ever needs. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Longest platform message kept from a plain-text error answer. */
const MAX_MESSAGE = 1000;
/** The most of an error answer's body read and kept, in bytes. */
export const ERROR_EXCERPT_BYTES: number = 64 * 1024;

export interface Exchange {
  readonly config: ResolvedConfig;
  readonly tool: string;
  /** The routed workspace's token (or the API's credential), the only one this request may carry. */
  readonly auth: Authorization;
  readonly options: CallOptions | undefined;
}

/**
 * Sends one planned request and returns the answer's parsed JSON (its text when it is
 * not JSON, null when empty). Redirects are followed here rather than by fetch: within the
 * platform's origin only, so that neither the token, nor a header of the spec or the caller,
 * nor a body ever reaches another origin.
 */
export async function send(
  plan: PlannedRequest,
  x: Exchange,
): Promise<unknown> {
  const tokens = x.config.secrets;
  const timeoutMs = x.options?.timeoutMs ?? x.config.timeoutMs;
  if (
    typeof timeoutMs !== "number" ||
    !Number.isFinite(timeoutMs) ||
    timeoutMs <= 0
  ) {
    throw new ClientError(
      `${x.tool}: timeoutMs must be a positive number of milliseconds`,
      x.tool,
    );
  }
  let url = joinUrl(x.config.base, plan.target);
  checkTarget(x.config.base, plan.target, x.tool);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outer = x.options?.signal;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });

  let method = plan.method;
  let body = plan.body;
  try {
    for (let hop = 0; ; hop++) {
      const headers = new Headers();
      headers.set("accept", "application/json");
      for (const [name, value] of x.config.headers) headers.set(name, value);
      for (const [name, value] of plan.headers) headers.set(name, value);
      // A FormData sets its own multipart type, boundary included.
      if (typeof body === "string")
        headers.set("content-type", "application/json");
      for (const [name, value] of x.auth.headers) headers.set(name, value);

      // The URL without the credential is what messages show; fetch gets the one with it.
      const res = await x.config.fetch(withQueryCredential(url, x.auth.query), {
        method,
        headers,
        body,
        redirect: "manual",
        signal: controller.signal,
      });
      const location = REDIRECTS.has(res.status)
        ? res.headers.get("location")
        : null;
      if (location === null)
        return await answer(res, x.tool, tokens, x.config.maxResponseBytes);

      await res.body?.cancel().catch(() => {});
      if (hop >= MAX_REDIRECTS)
        throw new ClientError(
          `${x.tool}: more than ${MAX_REDIRECTS} redirects`,
          x.tool,
        );
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new ClientError(
          `${x.tool}: the platform redirected to an invalid URL`,
          x.tool,
        );
      }
      if (next.protocol !== "http:" && next.protocol !== "https:")
        throw new ClientError(
          `${x.tool}: the platform redirected to a non-HTTP URL`,
          x.tool,
        );
      refuseOtherOrigin(next, x.config.base, x.tool);
      refuseOutsidePrefix(next, x.config.base, x.tool);
      if (
        res.status === 303 ||
        ((res.status === 301 || res.status === 302) && method === "POST")
      ) {
        if (method !== "HEAD") method = "GET";
        body = null;
      }
      url = next.href;
    }
  } catch (e) {
    if (e instanceof ClientError) throw e;
    if (timedOut)
      throw new TimeoutError(
        `${x.tool}: no answer from the platform within ${timeoutMs} ms`,
        timeoutMs,
        x.tool,
      );
    if (outer?.aborted) throw outer.reason;
    throw networkError(e, x.tool, method, url, tokens);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onAbort);
  }
}

/**
 * Holds what fetch will really ask for to the base URL's path prefix: the planners encode each
 * value and refuse dot segments, and this checks the joined target again as the URL parser reads
 * it, so that no `.` or `..` segment (`%2e` spelt, or after a backslash) is resolved away.
 */
export function checkTarget(base: URL, target: string, tool: string): void {
  const prefix = base.pathname.replace(/\/+$/, "");
  const path = target.replace(/[?#].*$/s, "");
  const resolved = new URL(joinUrl(base, target)).pathname;
  if (
    /[\\\u0000-\u001f\u007f]/.test(path) ||
    path.split("/").some((s) => /^(?:\.|%2e){1,2}$/i.test(s)) ||
    !resolved.startsWith(`${prefix}/`)
  ) {
    throw new ClientError(
      `${tool}: the path would leave the base URL's path`,
      tool,
    );
  }
}

/**
 * A redirect is followed only within the platform's origin: whatever it carries (the token,
 * the spec's headers, the caller's headers, the body) was meant for the platform alone.
 */
function refuseOtherOrigin(next: URL, base: URL, tool: string): void {
  if (next.origin !== base.origin)
    throw new ClientError(
      `${tool}: the platform redirected to another origin (${next.origin}); the client follows redirects only within ${base.origin}`,
      tool,
    );
}

/**
 * Nor does a redirect leave the base URL's path (`https://h/api` → `https://h/admin`): the
 * token is for the platform's API, not for whatever else its origin serves. The URL parser has
 * already resolved any `.`/`..` segment (also `%2e`) of the new location.
 */
function refuseOutsidePrefix(next: URL, base: URL, tool: string): void {
  const prefix = base.pathname.replace(/\/+$/, "");
  if (
    prefix !== "" &&
    next.pathname !== prefix &&
    !next.pathname.startsWith(`${prefix}/`)
  )
    throw new ClientError(
      `${tool}: the platform redirected outside the base URL's path (${prefix}/); the client follows redirects only within it`,
      tool,
    );
}

/** The base URL's own path prefix is kept: `https://h/api` + `/workspaces/1` → `https://h/api/workspaces/1`. */
export function joinUrl(base: URL, target: string): string {
  return `${base.origin}${base.pathname.replace(/\/+$/, "")}${target}`;
}

async function answer(
  res: Response,
  tool: string,
  tokens: readonly string[],
  maxBytes: number,
): Promise<unknown> {
  // An error answer keeps only a bounded excerpt; a success must fit the client's limit whole.
  const limit = res.ok ? maxBytes : Math.min(maxBytes, ERROR_EXCERPT_BYTES);
  const { text, cut } = await readBody(res, limit, !res.ok);
  if (res.ok && cut)
    throw new ClientError(
      `${tool}: the platform's answer (HTTP ${res.status}) is larger than ${maxBytes} bytes, the client's maxResponseBytes; it was not read`,
      tool,
    );
  const json =
    !cut &&
    /^application\/(?:[\w.+-]+\+)?json\b/i.test(
      res.headers.get("content-type") ?? "",
    );
  let parsed: unknown = text === "" ? null : text;
  let parseFailed = false;
  if (json && text !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      parseFailed = true;
    }
  }
  if (res.ok) {
    if (parseFailed)
      throw new ClientError(
        `${tool}: the platform answered ${res.status} with invalid JSON`,
        tool,
      );
    return parsed;
  }
  if (cut) parsed = excerpt(text, tokens);
  const own = platformMessage(parsed, json && !parseFailed);
  // Even the status text is the server's to choose, so it is redacted like the body; and before
  // it is cut short, so that a token across the cut cannot leave its first characters behind.
  const message = clip(
    redact(
      own ??
        `the platform answered ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`,
      tokens,
    ),
  );
  throw new PlatformError(
    res.status,
    message,
    redactValue(parsed, tokens),
    tool,
    res.headers.get("retry-after"),
  );
}

/**
 * The head of an error answer too long to keep: redacted, then its last characters dropped,
 * where a token cut at the read limit could have left its beginning.
 */
function excerpt(text: string, tokens: readonly string[]): string {
  const clean = redact(text, tokens);
  return `${clean.slice(0, Math.max(0, clean.length - longestTokenForm(tokens)))}…`;
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** The platform's own explanation: `{error}`, `{error: {message}}`, `{message}`, `{detail}` or a plain-text body. */
function platformMessage(body: unknown, isJson: boolean): string | null {
  if (typeof body === "string") {
    const text = body.trim();
    // An HTML error page says nothing a caller can use.
    if (!text || (!isJson && text.startsWith("<"))) return null;
    return text;
  }
  if (!isRecord(body)) return null;
  for (const key of ["error", "message", "detail"]) {
    const v = body[key];
    if (typeof v === "string" && v.trim()) return v.trim();
    if (isRecord(v) && typeof v.message === "string") return v.message;
    // FastAPI-style validation details: [{ msg, loc }, …]
    if (Array.isArray(v)) {
      const msgs = v.map((d) =>
        d &&
        typeof d === "object" &&
        typeof (d as { msg?: unknown }).msg === "string"
          ? (d as { msg: string }).msg
          : null,
      );
      if (msgs.length > 0 && msgs.every((m) => m !== null))
        return msgs.join("; ");
    }
  }
  return null;
}

/**
 * A call that never got an answer, worded by toolgen: one fixed phrase a cause (refused, name not
 * found, timed out, closed, TLS, anything else), never fetch's or the system's own message, so
 * that the Python client (runtime/python/toolgen_core/transport.py) says the same; the system's
 * code (`ECONNREFUSED`…) is kept as `code`. A write (not GET or HEAD) whose connection closed
 * after it was sent is an OutcomeUnknownError: the platform may have applied it.
 */
function networkError(
  e: unknown,
  tool: string,
  method: string,
  url: string,
  tokens: readonly string[],
): NetworkError | OutcomeUnknownError {
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
  const code = codeOf(cause);
  const where = new URL(url);
  const kind = networkCause(code);
  const request = `(${method} ${where.origin}${where.pathname}): ${NETWORK_PHRASES[kind]}`;
  if (kind === "reset" && !READS.has(method))
    return new OutcomeUnknownError(
      redact(`${tool}: ${OUTCOME_UNKNOWN} ${request}`, tokens),
      code,
      tool,
    );
  const message = `${tool}: cannot reach the platform ${request}`;
  return new NetworkError(redact(message, tokens), code, tool);
}

/** What an OutcomeUnknownError says, in both languages. */
export const OUTCOME_UNKNOWN =
  "the request was sent; the platform did not answer — it may have been applied";

/** The methods that change nothing, whose lost answer leaves no doubt to report. */
const READS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/** The system's code of a failure: its own, or its first inner error's (an AggregateError of several addresses). */
function codeOf(cause: unknown): string | undefined {
  if (!isRecord(cause)) return undefined;
  if (typeof cause.code === "string") return cause.code;
  const inner = Array.isArray(cause.errors) ? cause.errors[0] : undefined;
  return isRecord(inner) && typeof inner.code === "string"
    ? inner.code
    : undefined;
}

type NetworkCause = "refused" | "dns" | "timeout" | "reset" | "tls" | "other";

/** What the caller reads for each kind of failure, in both languages. */
const NETWORK_PHRASES: Readonly<Record<NetworkCause, string>> = {
  refused: "the connection was refused",
  dns: "the host name could not be resolved",
  timeout: "the connection timed out",
  reset: "the connection was closed before the platform answered",
  tls: "the secure (TLS) connection could not be set up",
  other: "the connection failed",
};

function networkCause(code: string | undefined): NetworkCause {
  if (code === undefined) return "other";
  if (code === "ECONNREFUSED") return "refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NODATA")
    return "dns";
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT")
    return "timeout";
  if (
    code === "ECONNRESET" ||
    code === "EPIPE" ||
    code === "ECONNABORTED" ||
    code === "UND_ERR_SOCKET" ||
    code === "UND_ERR_CLOSED"
  )
    return "reset";
  if (/^ERR_(SSL|TLS)_|CERT|^DEPTH_ZERO_SELF_SIGNED/.test(code)) return "tls";
  return "other";
}
