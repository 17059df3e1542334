import type { Reply } from "../../helpers/platform-server.js";
import type { RetryOptions } from "../../../runtime/client/index.js";

// What the retry tests answer with and time by.

/** A success. */
export const OK: Reply = { body: { ok: true } };

/** A busy platform's answer of `status`, with a Retry-After header when one is given. */
export const busy = (status: number, retryAfter?: string): Reply => ({
  status,
  body: { error: `busy (${status})` },
  ...(retryAfter === undefined
    ? {}
    : { headers: { "retry-after": retryAfter } }),
});

/** A clock that only moves when the client sleeps: every wait is recorded, none is slept. */
export function fakeClock(start = Date.UTC(2026, 10, 25, 6, 0, 0)) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    options: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    } satisfies RetryOptions,
  };
}
