import type { PlatformServer, Reply } from "../../helpers/platform-server.js";
import type { FixtureClientPackage } from "../../helpers/platform-fixture.js";
import type {
  ClientConfig,
  RetryOptions,
} from "../../../runtime/client/index.js";

// What the retry tests answer with, time by and call through.

/** The workspace the retry tests call as, and its get_workspace_info path (a GET: retried). */
export const A = { id: "ws-a", token: "tok-retry-a-77c1" };
export const INFO = "/workspaces/ws-a";

/** Clients of workspace A on `platform`, each with its retry options and other settings. */
export function retryClients(
  createClient: FixtureClientPackage["createClient"],
  platform: () => PlatformServer,
) {
  return (retry?: RetryOptions | false, over?: Partial<ClientConfig>) =>
    createClient({
      baseUrl: platform().url,
      workspace: A,
      timeoutMs: 2000,
      ...(retry === undefined ? {} : { retry }),
      ...over,
    } as ClientConfig);
}

/** How many requests `platform` received for `path`. */
export const attemptsOn = (platform: PlatformServer, path: string) =>
  platform.requests.filter((r) => r.path === path).length;

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
