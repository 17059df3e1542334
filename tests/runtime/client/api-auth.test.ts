import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { failureHiding } from "./leaks.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import { fixtures } from "../../helpers/project.js";
import type { RequestInfo } from "../../../runtime/client/hooks.js";
import type { RuntimeClient } from "../../../runtime/client/client.js";
import { tokensInEnv } from "../../../runtime/client/env.js";

// The client of an API without workspaces (tests/fixtures/api/tools.yaml), its credential edited
// into each kind the spec may declare, against a real server on 127.0.0.1: what each request
// carries, where, and that the credential is never shown nor sent elsewhere.
const spec = path.join(fixtures, "api", "tools.yaml");
const BEARER = "bearer: PETSTORE_TOKEN";
const TOKEN = "tok-PET-SECRET-7d1c";
const KEY = "key/PET+SECRET=9a&b";
const PASSWORD = "pw-PET-SECRET-3e8f";

type Package = {
  createClient(config: unknown): RuntimeClient;
  createClientFromEnv(env?: Record<string, string>): RuntimeClient;
  ConfigError: new (...args: never[]) => Error;
};

const kinds = {
  bearer: BEARER,
  header: "api_key: { env: PETSTORE_KEY, header: X-API-Key }",
  query: "api_key: { env: PETSTORE_KEY, query: api_key }",
  basic: "basic: { username: PETSTORE_USER, password: PETSTORE_PASSWORD }",
  optional: `${BEARER}\n      optional: true`,
} as const;
const installed = new Map<string, { fixture: PlatformFixture; pkg: Package }>();

let platform: PlatformServer;
let other: PlatformServer;
beforeAll(async () => {
  platform = await startPlatform();
  other = await startPlatform();
  for (const [kind, auth] of Object.entries(kinds)) {
    // The default base URL is this platform's, so that leaving the variable unset reaches it.
    const fixture = installPlatformFixture(spec, {
      edit: (text) =>
        text
          .replace(BEARER, auth)
          .replace("https://petstore.example.com/v1", `${platform.url}/v1`),
    });
    installed.set(kind, {
      fixture,
      pkg: await fixture.load<Package>("@acme/petstore-client"),
    });
  }
});
afterAll(async () => {
  for (const { fixture } of installed.values()) fixture.remove();
  await platform.close();
  await other.close();
});
beforeEach(() => {
  platform.reset();
  other.reset();
});

const pkg = (kind: keyof typeof kinds) => installed.get(kind)!.pkg;
const env = (extra: Record<string, string>) => ({
  PETSTORE_URL: `${platform.url}/v1`,
  ...extra,
});

describe("an API client's credential", () => {
  it("bearer: Authorization: Bearer <token>, no workspace in the request", async () => {
    platform.answer("GET /v1/pets/p1", { body: { id: "p1" } });
    const client = pkg("bearer").createClientFromEnv(
      env({ PETSTORE_TOKEN: TOKEN }),
    );
    expect(client.$workspaces).toEqual([]);
    expect(await client.$call("get_pet", { pet_id: "p1" })).toEqual({
      id: "p1",
    });
    expect(platform.requests[0]!.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("api_key in a header: that header carries the key, no Authorization", async () => {
    platform.answer("GET /v1/pets/p1", { body: {} });
    const client = pkg("header").createClientFromEnv(
      env({ PETSTORE_KEY: KEY }),
    );
    await client.$call("get_pet", { pet_id: "p1" });
    const seen = platform.requests[0]!;
    expect(seen.headers["x-api-key"]).toBe(KEY);
    expect(seen.authorization).toBeUndefined();
  });

  it("api_key in the query: appended, encoded, after the binding's own parameters", async () => {
    platform.answer("GET /v1/pets/p1", { body: {} });
    const client = pkg("query").createClientFromEnv(env({ PETSTORE_KEY: KEY }));
    await client.$call("get_pet", { pet_id: "p1", fields: "a b" });
    const seen = platform.requests[0]!;
    expect(seen.search).toBe(
      `?fields=a%20b&api_key=${encodeURIComponent(KEY)}`,
    );
    expect(seen.authorization).toBeUndefined();
  });

  it("basic: Authorization: Basic base64(user:password)", async () => {
    platform.answer("GET /v1/pets/p1", { body: {} });
    const client = pkg("basic").createClientFromEnv(
      env({ PETSTORE_USER: "ann", PETSTORE_PASSWORD: PASSWORD }),
    );
    await client.$call("get_pet", { pet_id: "p1" });
    expect(platform.requests[0]!.authorization).toBe(
      `Basic ${Buffer.from(`ann:${PASSWORD}`).toString("base64")}`,
    );
  });

  it("optional: without its variable the client calls with no credential", async () => {
    platform.answer("GET /v1/pets/p1", { body: {} });
    await pkg("optional")
      .createClientFromEnv(env({}))
      .$call("get_pet", { pet_id: "p1" });
    expect(platform.requests[0]!.authorization).toBeUndefined();
  });

  it("$request carries the credential too, and names no workspace", async () => {
    platform.answer("GET /v1/pets/p%2F1", { body: {} });
    const client = pkg("query").createClient({
      baseUrl: `${platform.url}/v1`,
      auth: { apiKey: KEY },
    });
    await client.$request({
      method: "GET",
      path: "/pets/{id}",
      params: { id: "p/1" },
      query: { api_key: "spoofed-value-1234" },
    });
    expect(platform.requests[0]!.queryList).toEqual([["api_key", KEY]]);
    await expect(
      client.$request({ method: "GET", path: "/{$workspace}/pets" }),
    ).rejects.toThrow(
      "GET /{$workspace}/pets: this API has no workspaces: a request names none, nor {$workspace} in its path",
    );
  });

  it("a whole-body binding sends that one input as the JSON body", async () => {
    platform.answer("POST /v1/pets/tags", { body: { ok: true } });
    const items = [{ id: "p1", tag: "good" }];
    await pkg("bearer")
      .createClient({ baseUrl: `${platform.url}/v1`, auth: { bearer: TOKEN } })
      .$call("tag_pets", { items });
    expect(platform.requests[0]!.body).toEqual(items);
  });
});

describe("the credential is never shown nor sent elsewhere", () => {
  const secretsOf = {
    bearer: [TOKEN],
    query: [KEY, encodeURIComponent(KEY)],
    basic: [PASSWORD, Buffer.from(`ann:${PASSWORD}`).toString("base64")],
  } as const;
  const envOf = {
    bearer: { PETSTORE_TOKEN: TOKEN },
    query: { PETSTORE_KEY: KEY },
    basic: { PETSTORE_USER: "ann", PETSTORE_PASSWORD: PASSWORD },
  } as const;

  it.each(Object.keys(secretsOf) as (keyof typeof secretsOf)[])(
    "%s: an API echoing the request back has it redacted from the error",
    async (kind) => {
      platform.otherwise((req) => ({
        status: 401,
        body: { error: `refused ${req.url} ${req.authorization ?? ""}` },
      }));
      const client = pkg(kind).createClientFromEnv(env(envOf[kind]));
      const error = await failureHiding(secretsOf[kind], () =>
        client.$call("get_pet", { pet_id: "p1" }),
      );
      expect(error.message).toContain("[redacted]");
    },
  );

  it.each(Object.keys(secretsOf) as (keyof typeof secretsOf)[])(
    "%s: a redirect to another origin is refused, and the other origin sees nothing",
    async (kind) => {
      platform.otherwise(() => ({
        status: 302,
        headers: { location: `${other.url}/v1/pets/p1` },
      }));
      const client = pkg(kind).createClientFromEnv(env(envOf[kind]));
      await failureHiding(secretsOf[kind], () =>
        client.$call("get_pet", { pet_id: "p1" }),
      );
      expect(other.requests).toEqual([]);
    },
  );

  it("query: a same-origin redirect carries the key once, and hooks never see it", async () => {
    const seen: RequestInfo[] = [];
    platform.answer("GET /v1/pets/p1", {
      status: 307,
      headers: { location: `/v1/pets/p2?api_key=echoed-back-1234` },
    });
    platform.answer("GET /v1/pets/p2", { body: {} });
    const client = pkg("query").createClient({
      baseUrl: `${platform.url}/v1`,
      auth: { apiKey: KEY },
      onRequest: (info: RequestInfo) => void seen.push(info),
    });
    await client.$call("get_pet", { pet_id: "p1" });
    expect(platform.requests.map((r) => r.search)).toEqual([
      `?api_key=${encodeURIComponent(KEY)}`,
      `?api_key=${encodeURIComponent(KEY)}`,
    ]);
    const shown = JSON.stringify(seen);
    expect(shown).not.toContain(KEY);
    expect(shown).not.toContain(encodeURIComponent(KEY));
  });
});

describe("an API client's configuration", () => {
  const problems = (call: () => unknown): string[] => {
    try {
      call();
    } catch (e) {
      return (e as { problems: string[] }).problems;
    }
    throw new Error("no ConfigError");
  };

  it("uses the spec's base URL when the variable is unset, the variable when set", async () => {
    platform.otherwise(() => ({ body: {} }));
    await pkg("bearer")
      .createClientFromEnv({ PETSTORE_TOKEN: TOKEN })
      .$call("get_pet", { pet_id: "p1" });
    await pkg("bearer")
      .createClientFromEnv({
        PETSTORE_URL: `${platform.url}/other`,
        PETSTORE_TOKEN: TOKEN,
      })
      .$call("get_pet", { pet_id: "p1" });
    expect(platform.requests.map((r) => r.path)).toEqual([
      "/v1/pets/p1",
      "/other/pets/p1",
    ]);
  });

  it("names what is missing or wrong, never a value", () => {
    expect(problems(() => pkg("bearer").createClientFromEnv(env({})))).toEqual([
      "PETSTORE_TOKEN is not set: give the API's bearer token",
    ]);
    expect(
      problems(() =>
        pkg("basic").createClientFromEnv(env({ PETSTORE_USER: "ann" })),
      ),
    ).toEqual([
      "PETSTORE_PASSWORD is not set but PETSTORE_USER is: give both the user name and the password",
    ]);
    expect(
      problems(() =>
        pkg("bearer").createClientFromEnv(env({ PETSTORE_TOKEN: "short" })),
      ),
    ).toEqual([
      "PETSTORE_TOKEN is shorter than 8 characters, too short to be kept out of messages safely",
    ]);
    expect(
      problems(() =>
        pkg("bearer").createClient({
          baseUrl: platform.url,
          workspace: { id: "w", token: TOKEN },
        }),
      ),
    ).toEqual([
      "this API has no workspaces: give baseUrl and auth, not workspace or workspaces",
      'auth is not set: this API needs { bearer: "..." }',
    ]);
    expect(
      problems(() =>
        pkg("query").createClient({
          baseUrl: platform.url,
          auth: { bearer: TOKEN },
          headers: { "x-other": "1" },
        }),
      ),
    ).toEqual(['auth must be { apiKey: "..." } for this API']);
    expect(
      problems(() =>
        pkg("header").createClient({
          baseUrl: platform.url,
          auth: { apiKey: KEY },
          headers: { "X-API-Key": "x" },
        }),
      ),
    ).toEqual([
      "headers may not set X-API-Key: the client sends its own credential there",
    ]);
  });
});

describe("what the CLI and the MCP bin keep out of what they print", () => {
  it("holds an API's credential however wrong the rest of the environment is", () => {
    const env = {
      PETSTORE_KEY: ` ${KEY} `,
      PETSTORE_USER: "ann",
      PETSTORE_PASSWORD: PASSWORD,
      PETSTORE_TOKEN: TOKEN,
    };
    expect(
      tokensInEnv(env, {
        baseUrl: "PETSTORE_URL",
        auth: { apiKey: "PETSTORE_KEY", query: "api_key" },
      }),
    ).toEqual([KEY]);
    expect(
      tokensInEnv(env, {
        baseUrl: "PETSTORE_URL",
        auth: {
          basic: { username: "PETSTORE_USER", password: "PETSTORE_PASSWORD" },
        },
      }),
    ).toEqual([PASSWORD, Buffer.from(`ann:${PASSWORD}`).toString("base64")]);
    expect(tokensInEnv(env, { baseUrl: "PETSTORE_URL" })).toEqual([]);
  });
});
