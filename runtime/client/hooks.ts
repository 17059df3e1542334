import { REDACTED, redact } from "./redact.js";

/** What `onRequest` receives: one HTTP request about to be sent, its credentials redacted. */
export interface RequestInfo {
  /** The tool called (or the `$request` label). */
  readonly tool: string;
  /** 1 for the first try of a call, 2 for its first retry… (redirects keep their try's number). */
  readonly attempt: number;
  readonly method: string;
  /** The absolute URL, with tokens and credential query values redacted. */
  readonly url: string;
  /** Lower-case names; Authorization and credential headers redacted, tokens removed from the rest. */
  readonly headers: { readonly [name: string]: string };
}

/** What `onResponse` receives: one HTTP answer, before its body is read. */
export interface ResponseInfo {
  readonly tool: string;
  readonly attempt: number;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The answer's headers, redacted as the request's are (Set-Cookie included). */
  readonly headers: { readonly [name: string]: string };
  /** From sending the request to the answer's headers, in milliseconds. */
  readonly durationMs: number;
}

/** Observers of every HTTP request the client sends; what they get never holds a token. */
export interface ClientHooks {
  /** Called before each request (each try, each redirect); a throw fails the call with that error. */
  readonly onRequest?: (info: RequestInfo) => void | Promise<void>;
  /** Called on each answer, before its body is read; a throw fails the call with that error. */
  readonly onResponse?: (info: ResponseInfo) => void | Promise<void>;
}

/** Checks the hooks of a client's configuration: null when it has none. */
export function resolveHooks(
  config: ClientHooks,
  problems: string[],
): ClientHooks | null {
  const hooks: { -readonly [K in keyof ClientHooks]: ClientHooks[K] } = {};
  for (const name of ["onRequest", "onResponse"] as const) {
    const hook = config[name];
    if (hook === undefined) continue;
    if (typeof hook !== "function") problems.push(`${name} must be a function`);
    else hooks[name] = hook as never;
  }
  return hooks.onRequest || hooks.onResponse ? hooks : null;
}

/** One try of a call, watched at its fetch: the hooks see each request, the retry loop its answer. */
export interface Watched {
  /** The fetch to send this try with. */
  readonly fetch: typeof fetch;
  /** The last answer's Retry-After header, null when it had none or nothing answered. */
  readonly retryAfter: () => string | null;
  /** What a hook threw, which the call rejects with instead of the transport's error. */
  readonly hookFailure: () => { readonly error: unknown } | null;
}

export function watch(
  fetch: typeof globalThis.fetch,
  hooks: ClientHooks | null,
  tokens: readonly string[],
  tool: string,
  attempt: number,
): Watched {
  let retryAfter: string | null = null;
  let failure: { error: unknown } | null = null;
  const run = async <T>(hook: (info: T) => unknown, info: T) => {
    try {
      await hook(Object.freeze(info));
    } catch (error) {
      failure = { error };
      throw error;
    }
  };
  const watched = async (
    input: Parameters<typeof globalThis.fetch>[0],
    init?: RequestInit,
  ): Promise<Response> => {
    const method = init?.method ?? "GET";
    const url = redactUrl(String(input), tokens);
    if (hooks?.onRequest)
      await run(hooks.onRequest, {
        tool,
        attempt,
        method,
        url,
        headers: redactHeaders(new Headers(init?.headers), tokens),
      });
    const started = Date.now();
    const res = await fetch(input, init);
    retryAfter = res.headers.get("retry-after");
    if (hooks?.onResponse) {
      try {
        await run(hooks.onResponse, {
          tool,
          attempt,
          method,
          url,
          status: res.status,
          headers: redactHeaders(res.headers, tokens),
          durationMs: Date.now() - started,
        });
      } catch (error) {
        await res.body?.cancel().catch(() => {});
        throw error;
      }
    }
    return res;
  };
  return {
    fetch: watched as typeof globalThis.fetch,
    retryAfter: () => retryAfter,
    hookFailure: () => failure,
  };
}

/**
 * Names of headers and query parameters whose values are credentials, whatever they hold:
 * Authorization, cookies, and any name that speaks of a token, key, secret, password or session.
 */
const CREDENTIAL =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|key|auth)$|token|secret|passw|api-?_?key|session|credential|signature|^x-auth/i;

/** Credential headers shown as `[redacted]` (`Bearer [redacted]` keeps the scheme); tokens removed from the rest. */
export function redactHeaders(
  headers: Headers,
  tokens: readonly string[],
): { readonly [name: string]: string } {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    const shown = CREDENTIAL.test(name) ? hidden(value) : redact(value, tokens);
    out[name] = name in out ? `${out[name]}, ${shown}` : shown;
  }
  return out;
}

function hidden(value: string): string {
  const scheme = /^([A-Za-z][\w.-]*) +\S/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/**
 * The URL without a user name or password, each credential query value replaced, and every
 * known token removed from what is left (path and other values included, in any encoding).
 */
export function redactUrl(href: string, tokens: readonly string[]): string {
  let text = href;
  try {
    const url = new URL(href);
    if (url.username || url.password) {
      url.username = "";
      url.password = "";
      text = url.href;
    }
  } catch {
    // Not a URL: shown with its tokens removed, as any other text.
  }
  const at = text.search(/[?#]/);
  if (at >= 0 && text[at] === "?") {
    const end = text.indexOf("#", at);
    const query = text.slice(at + 1, end < 0 ? undefined : end);
    const shown = query
      .split("&")
      .map((pair) => {
        const eq = pair.indexOf("=");
        const name = eq < 0 ? pair : pair.slice(0, eq);
        return eq >= 0 && CREDENTIAL.test(decode(name))
          ? `${name}=${REDACTED}`
          : pair;
      })
      .join("&");
    text = `${text.slice(0, at + 1)}${shown}${end < 0 ? "" : text.slice(end)}`;
  }
  return redact(text, tokens);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}
