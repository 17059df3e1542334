import {
  ClientError,
  NetworkError,
  OutcomeUnknownError,
  PlatformError,
  TimeoutError,
} from "./errors.js";
import { watch } from "./hooks.js";
import type { PlannedRequest } from "./request.js";
import { send, type Exchange } from "./transport.js";
import { isRecord } from "../shared/record.js";
import type { RetryOptions, RetryPolicy } from "./options.js";

export type { RetryOptions, RetryPolicy } from "./options.js";

/** The statuses that say "try again later": too many requests, and a gateway or server that is not ready. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([
  429, 502, 503, 504,
]);

/** The methods a platform may be asked twice without changing more than once. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "PUT",
  "DELETE",
]);

export const DEFAULT_RETRY: RetryPolicy = Object.freeze({
  attempts: 3,
  budgetMs: 30_000,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  random: Math.random,
  sleep,
  now: Date.now,
});

/** Whether a call may be retried: as the tool declares, else as its HTTP method says. */
export function isIdempotent(
  declared: boolean | undefined,
  method: string,
): boolean {
  return declared ?? IDEMPOTENT_METHODS.has(method);
}

/**
 * Checks a `retry` setting over `base` (the defaults for a client, the client's policy for a
 * call): false turns retrying off, undefined keeps `base`, an object replaces the fields it gives.
 */
export function resolveRetry(
  value: unknown,
  base: RetryPolicy | null,
  problems: string[],
): RetryPolicy | null {
  if (value === undefined) return base;
  if (value === false) return null;
  if (!isRecord(value)) {
    problems.push("retry must be false or an object of retry options");
    return base;
  }
  const given = value as RetryOptions;
  const policy: { -readonly [K in keyof RetryPolicy]: RetryPolicy[K] } = {
    ...(base ?? DEFAULT_RETRY),
  };
  const number = (
    name: "attempts" | "budgetMs" | "baseDelayMs" | "maxDelayMs",
    fits: (n: number) => boolean,
    what: string,
  ) => {
    const v = given[name];
    if (v === undefined) return;
    if (typeof v !== "number" || !Number.isFinite(v) || !fits(v))
      problems.push(`retry.${name} must be ${what}`);
    else policy[name] = v;
  };
  number(
    "attempts",
    (n) => Number.isInteger(n) && n >= 1,
    "a whole number of 1 or more",
  );
  number("budgetMs", (n) => n > 0, "a positive number of milliseconds");
  number("baseDelayMs", (n) => n >= 0, "a number of milliseconds, 0 or more");
  number("maxDelayMs", (n) => n >= 0, "a number of milliseconds, 0 or more");
  for (const name of ["random", "sleep", "now"] as const) {
    const v = given[name];
    if (v === undefined) continue;
    if (typeof v !== "function")
      problems.push(`retry.${name} must be a function`);
    else policy[name] = v as never;
  }
  return Object.freeze(policy);
}

/**
 * Sends a planned request, trying it again while the call is idempotent (or carries an
 * idempotency key), the platform answers one of RETRY_STATUSES or nothing at all (a network
 * error, a timeout, a connection closed before the answer), tries are left and the wait fits in
 * the budget. The wait is the answer's Retry-After (seconds or an HTTP-date), else an
 * exponential backoff with jitter; a Retry-After that ends past the budget ends retrying with
 * the platform's error. A retry's time limit is cut to what is left of the budget. The hooks
 * see every request and answer.
 */
export async function sendWithRetries(
  plan: PlannedRequest,
  x: Exchange,
  idempotent: boolean,
): Promise<unknown> {
  const tokens = x.config.secrets;
  const problems: string[] = [];
  const policy = resolveRetry(x.options?.retry, x.config.retry, problems);
  if (problems.length > 0)
    throw new ClientError(`${x.tool}: ${problems.join("; ")}`, x.tool);
  const retrying = idempotent ? policy : null;
  const started = retrying?.now() ?? 0;
  let options = x.options;
  for (let attempt = 1; ; attempt++) {
    const watched = watch(
      x.config.fetch,
      x.config.hooks,
      tokens,
      x.tool,
      attempt,
    );
    try {
      return await send(plan, {
        ...x,
        config: { ...x.config, fetch: watched.fetch },
        options,
      });
    } catch (e) {
      const failure = watched.hookFailure();
      if (failure) throw failure.error;
      if (retrying === null || !isRetryable(e) || attempt >= retrying.attempts)
        throw e;
      const wait =
        retryAfterMs(watched.retryAfter(), retrying.now()) ??
        backoff(retrying, attempt);
      if (retrying.now() - started + wait >= retrying.budgetMs) throw e;
      await retrying.sleep(wait, x.options?.signal);
      const left = retrying.budgetMs - (retrying.now() - started);
      if (left <= 0) throw e;
      const limit = x.options?.timeoutMs ?? x.config.timeoutMs;
      options = { ...x.options, timeoutMs: Math.min(limit, left) };
    }
  }
}

/** An answer that says "try again later", or no answer at all: never a 500 nor a 4xx. */
export function isRetryable(e: unknown): boolean {
  if (e instanceof PlatformError) return RETRY_STATUSES.has(e.status);
  return (
    e instanceof NetworkError ||
    e instanceof OutcomeUnknownError ||
    e instanceof TimeoutError
  );
}

/**
 * The wait a Retry-After asks for, in milliseconds: a number of seconds, or an HTTP-date
 * (0 once past). Null when there is none or it cannot be read.
 */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date names its weekday or month: a bare number with a sign or a point is no date.
  if (!/[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Between half and all of baseDelayMs × 2^(retry − 1), at most maxDelayMs. */
export function backoff(policy: RetryPolicy, retry: number): number {
  const cap = Math.min(
    policy.maxDelayMs,
    policy.baseDelayMs * 2 ** (retry - 1),
  );
  const r = Math.min(1, Math.max(0, Number(policy.random()) || 0));
  return cap / 2 + (cap / 2) * r;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
