import {
  ConfigError,
  createClient,
  createClientFromEnv,
} from "@molecule/platform-client";
import { describe, expect, it } from "vitest";
import { renderings } from "./leaks.js";

const TOKEN = "tok-env-SECRET-31337";
const URL_OK = "https://platform.example.com";

/** The ConfigError a configuration is refused with (the test fails if it is accepted). */
function refusal(make: () => unknown): ConfigError {
  let error: unknown;
  try {
    make();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect(renderings(error)).not.toContain(TOKEN);
  return error as ConfigError;
}

describe("createClientFromEnv: one clear message per malformed shape", () => {
  it.each([
    [
      "MOLECULE_WORKSPACES is not JSON",
      { MOLECULE_WORKSPACES: `[{"id": "a", "token": "${TOKEN}"` },
      'MOLECULE_WORKSPACES is not valid JSON: expected an array like [{"id": "...", "token": "..."}]',
    ],
    [
      "MOLECULE_WORKSPACES is an object",
      { MOLECULE_WORKSPACES: `{"id": "a", "token": "${TOKEN}"}` },
      'MOLECULE_WORKSPACES must be a JSON array of {"id", "token"} objects, got an object',
    ],
    [
      "MOLECULE_WORKSPACES is a string",
      { MOLECULE_WORKSPACES: '"a"' },
      'MOLECULE_WORKSPACES must be a JSON array of {"id", "token"} objects, got a string',
    ],
    [
      "MOLECULE_WORKSPACES is empty",
      { MOLECULE_WORKSPACES: "[]" },
      'MOLECULE_WORKSPACES is an empty list: give at least one {"id", "token"} object',
    ],
    [
      "an entry is not an object",
      { MOLECULE_WORKSPACES: `[{"id": "a", "token": "${TOKEN}"}, "b"]` },
      "MOLECULE_WORKSPACES[1] must be an object with an id and a token, got a string",
    ],
    [
      "an entry without id",
      { MOLECULE_WORKSPACES: `[{"token": "${TOKEN}"}]` },
      "MOLECULE_WORKSPACES[0] has no id",
    ],
    [
      "an entry without token",
      { MOLECULE_WORKSPACES: '[{"id": "a"}]' },
      'MOLECULE_WORKSPACES[0] (workspace "a") has no token',
    ],
    [
      "an id of the wrong type",
      { MOLECULE_WORKSPACES: `[{"id": 7, "token": "${TOKEN}"}]` },
      "MOLECULE_WORKSPACES[0].id must be a string, got a number",
    ],
    [
      "a token of the wrong type",
      { MOLECULE_WORKSPACES: '[{"id": "a", "token": 31337}]' },
      'MOLECULE_WORKSPACES[0] (workspace "a"): token must be a string, got a number',
    ],
    [
      "an empty id",
      { MOLECULE_WORKSPACES: `[{"id": " ", "token": "${TOKEN}"}]` },
      "MOLECULE_WORKSPACES[0].id is empty",
    ],
    [
      "a token with a line break",
      { MOLECULE_WORKSPACES: `[{"id": "a", "token": "${TOKEN}\\n"}]` },
      'MOLECULE_WORKSPACES[0] (workspace "a"): token contains spaces or characters that cannot be sent in a header',
    ],
    [
      "duplicate ids",
      {
        MOLECULE_WORKSPACES: `[{"id": "a", "token": "${TOKEN}"}, {"id": "b", "token": "tok-t2-1234"}, {"id": "a", "token": "tok-t3-1234"}]`,
      },
      'workspace "a" is listed twice (MOLECULE_WORKSPACES[0] and MOLECULE_WORKSPACES[2])',
    ],
    [
      "WORKSPACE_ID without its token",
      { WORKSPACE_ID: "a" },
      "WORKSPACE_ID is set but MOLECULE_WORKSPACE_TOKEN is not: give the workspace's token",
    ],
    [
      "a token without WORKSPACE_ID",
      { MOLECULE_WORKSPACE_TOKEN: TOKEN },
      "MOLECULE_WORKSPACE_TOKEN is set but WORKSPACE_ID is not: give the workspace's id",
    ],
    [
      "no workspace at all",
      {},
      'no workspace configured: set WORKSPACE_ID and MOLECULE_WORKSPACE_TOKEN, or MOLECULE_WORKSPACES to a JSON array of {"id", "token"} objects',
    ],
    [
      "both forms at once",
      {
        WORKSPACE_ID: "a",
        MOLECULE_WORKSPACE_TOKEN: TOKEN,
        MOLECULE_WORKSPACES: `[{"id": "b", "token": "${TOKEN}"}]`,
      },
      "MOLECULE_WORKSPACES is set together with WORKSPACE_ID and MOLECULE_WORKSPACE_TOKEN: set only one of the two forms",
    ],
  ])("%s", (_, vars, message) => {
    const e = refusal(() =>
      createClientFromEnv({ PLATFORM_URL: URL_OK, ...vars }),
    );
    expect(e.message).toBe(message);
    expect(e.problems).toEqual([message]);
  });

  it.each([
    [
      "missing",
      {},
      "PLATFORM_URL is not set: give the platform's base URL, e.g. https://platform.example.com",
    ],
    [
      "blank",
      { PLATFORM_URL: "  " },
      "PLATFORM_URL is not set: give the platform's base URL, e.g. https://platform.example.com",
    ],
    [
      "relative",
      { PLATFORM_URL: "platform.example.com" },
      "PLATFORM_URL is not a valid URL: give an absolute one, e.g. https://platform.example.com",
    ],
    [
      "not HTTP",
      { PLATFORM_URL: "ftp://platform.example.com" },
      "PLATFORM_URL must be an http: or https: URL",
    ],
    [
      "with credentials",
      { PLATFORM_URL: `https://user:${TOKEN}@platform.example.com` },
      "PLATFORM_URL must not contain a user name or password: the client authenticates with workspace tokens",
    ],
    [
      "with a query",
      { PLATFORM_URL: "https://platform.example.com/?x=1" },
      "PLATFORM_URL must not contain a query string or a fragment",
    ],
  ])("a base URL that is %s", (_, vars, message) => {
    const e = refusal(() =>
      createClientFromEnv({
        WORKSPACE_ID: "a",
        MOLECULE_WORKSPACE_TOKEN: TOKEN,
        ...vars,
      }),
    );
    expect(e.message).toBe(message);
  });

  it("reports every problem at once", () => {
    const e = refusal(() =>
      createClientFromEnv({ MOLECULE_WORKSPACES: '[{"id": 1}, {"token": 2}]' }),
    );
    expect(e.problems).toEqual([
      "PLATFORM_URL is not set: give the platform's base URL, e.g. https://platform.example.com",
      "MOLECULE_WORKSPACES[0].id must be a string, got a number",
      "MOLECULE_WORKSPACES[0] has no token",
      "MOLECULE_WORKSPACES[1] has no id",
      "MOLECULE_WORKSPACES[1]: token must be a string, got a number",
    ]);
  });

  it("accepts one workspace, trimming the values a shell leaves around them", () => {
    const c = createClientFromEnv({
      PLATFORM_URL: ` ${URL_OK} `,
      WORKSPACE_ID: "ws-1\n",
      MOLECULE_WORKSPACE_TOKEN: `${TOKEN}\n`,
    });
    expect(c.$workspaces).toEqual(["ws-1"]);
    expect(c.$primary).toBe("ws-1");
  });

  it("accepts a list, the first being the primary", () => {
    const c = createClientFromEnv({
      PLATFORM_URL: URL_OK,
      MOLECULE_WORKSPACES: `[{"id": "b", "token": "${TOKEN}"}, {"id": "a", "token": "tok-t2-1234"}]`,
    });
    expect(c.$workspaces).toEqual(["b", "a"]);
    expect(c.$primary).toBe("b");
  });

  it("reads process.env when given nothing", () => {
    const saved = { ...process.env };
    try {
      process.env.PLATFORM_URL = URL_OK;
      process.env.WORKSPACE_ID = "from-process";
      process.env.MOLECULE_WORKSPACE_TOKEN = TOKEN;
      delete process.env.MOLECULE_WORKSPACES;
      expect(createClientFromEnv().$primary).toBe("from-process");
    } finally {
      for (const k of [
        "PLATFORM_URL",
        "WORKSPACE_ID",
        "MOLECULE_WORKSPACE_TOKEN",
        "MOLECULE_WORKSPACES",
      ]) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
});

describe("createClient: the configuration object", () => {
  const ws = { id: "a", token: TOKEN };
  it.each([
    [
      "no workspace",
      { baseUrl: URL_OK },
      "no workspace: give workspace: { id, token } or workspaces: [{ id, token }, ...]",
    ],
    [
      "both forms",
      { baseUrl: URL_OK, workspace: ws, workspaces: [ws] },
      "give either workspace or workspaces, not both",
    ],
    [
      "an empty list",
      { baseUrl: URL_OK, workspaces: [] },
      "workspaces is empty: give at least one { id, token }",
    ],
    [
      "a duplicate",
      {
        baseUrl: URL_OK,
        workspaces: [
          ws,
          { id: "b", token: "x1-longer" },
          { id: "a", token: "x2-longer" },
        ],
      },
      'workspace "a" is listed twice (workspaces[0] and workspaces[2])',
    ],
    [
      "a bad timeout",
      { baseUrl: URL_OK, workspace: ws, timeoutMs: 0 },
      "timeoutMs must be a positive number of milliseconds",
    ],
    [
      "an Authorization header",
      {
        baseUrl: URL_OK,
        workspace: ws,
        headers: { Authorization: `Bearer ${TOKEN}` },
      },
      "headers may not set Authorization: the client sends each workspace's own token",
    ],
    [
      "a header with a line break",
      {
        baseUrl: URL_OK,
        workspace: ws,
        headers: { "X-Trace": "a\r\nX-Evil: 1" },
      },
      "headers.X-Trace contains a line break or a character that cannot be sent in a header",
    ],
    [
      "a token with a space",
      { baseUrl: URL_OK, workspace: { id: "a", token: `Bearer ${TOKEN}` } },
      'workspace (workspace "a"): token contains spaces or characters that cannot be sent in a header',
    ],
  ])("refuses %s", (_, config, message) => {
    expect(refusal(() => createClient(config as never)).message).toBe(message);
  });
});
