import fs from "node:fs";
import path from "node:path";
import type { ClientData } from "../../../runtime/client/data.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  inTurn,
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  A,
  attemptsOn,
  busy,
  fakeClock,
  OK,
  retryClients,
} from "./retry-fakes.js";
import {
  installPlatformFixture,
  type FixtureClientPackage,
} from "../../helpers/platform-fixture.js";

// The platform fixture with commit_memory (a POST) marked `idempotency_key: Idempotency-Key`,
// and the same spec unmarked: what the mark changes, from the spec to the request.
const MEMORIES = "/workspaces/ws-a/memories";
const mark = (spec: string) =>
  spec.replace(
    "      path: /workspaces/{$workspace}/memories\n      route: source_workspace_id\n      body:",
    "      path: /workspaces/{$workspace}/memories\n      route: source_workspace_id\n      idempotency_key: Idempotency-Key\n      body:",
  );
const keyed = installPlatformFixture(undefined, { edit: mark });
const plain = installPlatformFixture();
afterAll(() => {
  keyed.remove();
  plain.remove();
});
const marked = await keyed.load<FixtureClientPackage>(
  "@molecule/platform-client",
);
const unmarked = await plain.load<FixtureClientPackage>(
  "@molecule/platform-client",
);

let platform: PlatformServer;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());
beforeEach(() => platform.reset());

const UUID4 =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const keys = () =>
  platform.requests
    .filter((r) => r.path === MEMORIES)
    .map((r) => r.headers["idempotency-key"]);

describe("a binding's idempotency_key", () => {
  it("is in the generated tools.json only where the spec names it", () => {
    const binding = (fixture: typeof keyed) => {
      const dir = fixture.consumer.packages.get("@molecule/platform-client")!;
      const data = JSON.parse(
        fs.readFileSync(path.join(dir, "tools.json"), "utf8"),
      ) as ClientData;
      return data.tools.find((t) => t.name === "commit_memory")!.http!;
    };
    expect(binding(keyed).idempotencyKey).toBe("Idempotency-Key");
    expect(binding(plain).idempotencyKey).toBeUndefined();
  });

  it("sends a fresh random key with each call", async () => {
    platform.answer(`POST ${MEMORIES}`, OK);
    const client = retryClients(marked.createClient, () => platform)();
    await client.commitMemory({ content: "one" });
    await client.commitMemory({ content: "two" });
    const [first, second] = keys();
    expect(first).toMatch(UUID4);
    expect(second).toMatch(UUID4);
    expect(second).not.toBe(first);
  });

  it("sends the same key on each retry of one call, which is retried like an idempotent one", async () => {
    const clock = fakeClock();
    platform.answer(`POST ${MEMORIES}`, inTurn(busy(503, "2"), busy(429), OK));
    const client = retryClients(
      marked.createClient,
      () => platform,
    )(clock.options);
    await expect(client.commitMemory({ content: "a fact" })).resolves.toEqual(
      OK.body,
    );
    expect(attemptsOn(platform, MEMORIES)).toBe(3);
    expect(new Set(keys()).size).toBe(1);
    expect(clock.waits[0]).toBe(2000);
  });

  it("a write with no answer is sent again with its key; without a key it is not, and says its outcome is unknown", async () => {
    platform.answer(`POST ${MEMORIES}`, inTurn({ drop: true }, OK));
    const client = retryClients(
      marked.createClient,
      () => platform,
    )(fakeClock().options);
    await expect(client.commitMemory({ content: "a fact" })).resolves.toEqual(
      OK.body,
    );
    expect(keys()).toHaveLength(2);
    expect(new Set(keys()).size).toBe(1);

    platform.reset();
    platform.answer(`POST ${MEMORIES}`, inTurn({ drop: true }, OK));
    const once = retryClients(
      unmarked.createClient,
      () => platform,
    )(fakeClock().options);
    const e = await once.commitMemory({ content: "a fact" }).catch((x) => x);
    expect(e).toBeInstanceOf(unmarked.OutcomeUnknownError);
    expect(e).not.toBeInstanceOf(unmarked.NetworkError);
    expect((e as Error).message).toBe(
      `commit_memory: the request was sent; the platform did not answer — it may have been applied (POST ${platform.url}${MEMORIES}): the connection was closed before the platform answered`,
    );
    expect(attemptsOn(platform, MEMORIES)).toBe(1);
    expect(keys()).toEqual([undefined]);
  });
});
