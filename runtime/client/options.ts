import type { Authorization } from "./auth.js";
import type { ClientHooks } from "./hooks.js";

// The options a call and a client take, as types only: the client's parts (config, retry,
// transport) all read them, and none of them needs another to know their shape.

/**
 * How a call that may safely be repeated is tried again when the platform answers 429, 502, 503
 * or 504, or does not answer. Each field left out keeps its default (or, per call, the client's value).
 */
export interface RetryOptions {
  /** Tries in all, the first included: 3 when not given; 1 never retries. */
  readonly attempts?: number;
  /** No try starts later than this after the first one, in milliseconds: 30 000 when not given. */
  readonly budgetMs?: number;
  /** The wait before the first retry when the answer has no Retry-After, doubled for each next one: 500. */
  readonly baseDelayMs?: number;
  /** The longest such wait: 10 000 (a Retry-After is honoured beyond it, within the budget). */
  readonly maxDelayMs?: number;
  /** The jitter's source, a number in [0, 1): Math.random when not given. */
  readonly random?: () => number;
  /** Waits `ms` milliseconds, or rejects with the signal's reason once it aborts. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, in milliseconds since the epoch (an HTTP-date Retry-After is read against it): Date.now. */
  readonly now?: () => number;
}

/** A checked retry configuration; null where retrying is off. */
export type RetryPolicy = Required<RetryOptions>;

export interface CallOptions {
  /** Overrides the client's time limit for this call. */
  readonly timeoutMs?: number;
  /** Cancels the call; the promise then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** false: this call is tried once; an object overrides the client's retry options for it. */
  readonly retry?: RetryOptions | false;
}

/** A configuration checked once, so that calls can rely on it. */
export interface ResolvedConfig {
  readonly base: URL;
  /** Each workspace's token; empty for an API without workspaces. */
  readonly workspaces: ReadonlyMap<string, string>;
  /** The primary workspace's id; "" for an API without workspaces. */
  readonly primary: string;
  /** An API without workspaces: what every request carries (maybe nothing); null for a platform. */
  readonly api: Authorization | null;
  /** Every secret of the configuration (tokens, key, password, basic's base64), kept out of messages. */
  readonly secrets: readonly string[];
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly retry: RetryPolicy | null;
  readonly hooks: ClientHooks | null;
  readonly maxResponseBytes: number;
}
