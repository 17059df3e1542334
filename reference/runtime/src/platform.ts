/**
 * What the runtime needs of the generated client: raw, authenticated requests routed to one
 * workspace, and the workspaces it holds. The generated PlatformClient has all of this; the
 * runtime asks for no more so that a test or another spec's client can stand in.
 */
export interface PlatformRequest {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A path template: `{$workspace}` is the routed workspace's id, each value one encoded segment. */
  readonly path: string;
  /** The workspace to call as; only its token is sent. */
  readonly workspace?: string;
  readonly params?: { readonly [name: string]: string | number };
  readonly query?: {
    readonly [name: string]: string | number | boolean | null | undefined;
  };
  /** JSON, or a FormData sent as multipart/form-data. */
  readonly body?: unknown;
  readonly headers?: { readonly [name: string]: string };
  /** Names the call in error messages. */
  readonly label?: string;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

export interface RuntimeClient {
  $request(
    request: PlatformRequest,
    options?: RequestOptions,
  ): Promise<unknown>;
  readonly $workspaces: readonly string[];
  readonly $primary: string;
}

/** The HTTP status of a client's PlatformError, read by shape so that any copy of the client works. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

export function isAuthFailure(error: unknown): boolean {
  const status = statusOf(error);
  return status === 401 || status === 403;
}

/** The statuses that say "try again later"; a 500 says nothing of the kind. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Worth sending again, as the client's own retries judge it: the platform said "later" (429,
 * 502, 503, 504), or did not answer at all. Only for a request that may be sent twice (a read,
 * or a write with an idempotency key).
 */
export function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return RETRY_STATUSES.has(status);
  const name = (error as { name?: unknown } | null)?.name;
  return (
    name === "NetworkError" ||
    name === "OutcomeUnknownError" ||
    name === "TimeoutError"
  );
}

/**
 * The wait a PlatformError's Retry-After asks for, in milliseconds: seconds or an HTTP-date (0
 * once past); null when there is none or it cannot be read.
 */
export function retryAfterOf(error: unknown, now: number): number | null {
  const value = (error as { retryAfter?: unknown } | null)?.retryAfter;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const status = statusOf(error);
    return status === undefined
      ? error.message
      : `${error.message} (HTTP ${status})`;
  }
  return String(error);
}

/** `{ items: [...] }`-style answers and bare arrays alike: the list the platform returned. */
export function listIn(answer: unknown, keys: readonly string[]): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (answer !== null && typeof answer === "object") {
    for (const key of keys) {
      const v = (answer as Record<string, unknown>)[key];
      if (Array.isArray(v)) return v;
    }
  }
  return [];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
