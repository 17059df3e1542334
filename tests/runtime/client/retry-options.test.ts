import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  inTurn,
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";
import {
  attemptsOn,
  busy,
  fakeClock,
  INFO,
  OK,
  retryClients,
} from "./retry-fakes.js";

// The retry options of the client generated from the platform fixture: turned off per call or
// per client, overridden per call, and checked. get_workspace_info is a GET, so it is retried.
const fixture = installPlatformFixture();
afterAll(() => fixture.remove());
const { ClientError, ConfigError, createClient, PlatformError } =
  await fixture.load<FixtureClientPackage>("@molecule/platform-client");

let platform: PlatformServer;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());
beforeEach(() => platform.reset());

const clientWith = retryClients(createClient, () => platform);
const attempts = (path: string) => attemptsOn(platform, path);

describe("turning retries off", () => {
  it("per call: { retry: false } sends once", async () => {
    const clock = fakeClock();
    platform.answer(`GET ${INFO}`, inTurn(busy(503, "0"), OK));
    const client = clientWith(clock.options);
    await expect(
      client.getWorkspaceInfo({}, { retry: false }),
    ).rejects.toBeInstanceOf(PlatformError);
    expect(attempts(INFO)).toBe(1);
  });

  it("per client: retry: false sends once; a call may still ask for retries", async () => {
    platform.answer(`GET ${INFO}`, busy(503, "0"));
    const client = clientWith(false);
    await expect(client.getWorkspaceInfo()).rejects.toBeInstanceOf(
      PlatformError,
    );
    expect(attempts(INFO)).toBe(1);
    await expect(
      client.getWorkspaceInfo(
        {},
        { retry: { ...fakeClock().options, attempts: 2 } },
      ),
    ).rejects.toBeInstanceOf(PlatformError);
    expect(attempts(INFO)).toBe(1 + 2);
  });

  it("per call, an object overrides only the fields it gives", async () => {
    const clock = fakeClock();
    platform.answer(`GET ${INFO}`, busy(503, "1"));
    const client = clientWith({ ...clock.options, attempts: 4 });
    await expect(
      client.getWorkspaceInfo({}, { retry: { attempts: 2 } }),
    ).rejects.toBeInstanceOf(PlatformError);
    // The client's clock is kept: one wait of the server's second.
    expect(attempts(INFO)).toBe(2);
    expect(clock.waits).toEqual([1000]);
  });
});

describe("retry options are checked", () => {
  it("a bad client setting is a ConfigError naming each problem", () => {
    const e = (() => {
      try {
        clientWith({
          attempts: 0,
          budgetMs: -1,
          baseDelayMs: Number.NaN,
          random: 0.5 as never,
        });
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as InstanceType<typeof ConfigError>).problems).toEqual([
      "retry.attempts must be a whole number of 1 or more",
      "retry.budgetMs must be a positive number of milliseconds",
      "retry.baseDelayMs must be a number of milliseconds, 0 or more",
      "retry.random must be a function",
    ]);
    expect(() => clientWith("yes" as never)).toThrow(
      "retry must be false or an object of retry options",
    );
  });

  it("a bad per-call setting fails that call before anything is sent", async () => {
    const e = await clientWith()
      .getWorkspaceInfo({}, { retry: { attempts: 1.5 } })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ClientError);
    expect((e as Error).message).toBe(
      "get_workspace_info: retry.attempts must be a whole number of 1 or more",
    );
    expect(platform.requests).toEqual([]);
  });
});
