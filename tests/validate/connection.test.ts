import { describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { readFixture } from "../helpers/project.js";

// How a client reaches its API (targets.client's env, base_url, auth) and whether the bindings
// suit it: each mistake is a located error with its own code, found on the API fixture
// (tests/fixtures/api/tools.yaml) edited once per case.
const api = readFixture("api", "tools.yaml");

function diagnosticsOf(text: string): Diagnostic[] {
  try {
    generateFromDisk({ file: "tools.yaml", text, dir: "/nonexistent" });
  } catch (e) {
    if (e instanceof SpecError) return [...e.diagnostics];
    throw e;
  }
  return [];
}

function edited(...edits: [from: string, to: string][]): string {
  return edits.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`no ${JSON.stringify(from)}`);
    return text.replace(from, to);
  }, api);
}

/** The 1-based line of the first line holding `lineText`. */
const lineOf = (text: string, lineText: string) =>
  text.split("\n").findIndex((l) => l.includes(lineText)) + 1;

const WORKSPACE_ENV =
  "base_url: PETSTORE_URL\n      workspace_id: PETSTORE_WS\n      token: PETSTORE_WS_TOKEN\n      workspaces: PETSTORE_WORKSPACES";

const cases: {
  name: string;
  edits: [string, string][];
  code: string;
  at: string;
  message: string;
}[] = [
  {
    name: "some of the workspace variables",
    edits: [
      [
        "base_url: PETSTORE_URL",
        "base_url: PETSTORE_URL\n      token: PETSTORE_WS_TOKEN",
      ],
    ],
    code: "partial-workspaces",
    at: "token: PETSTORE_WS_TOKEN",
    message:
      "targets.client.env names token but not workspace_id and workspaces: a client with workspaces needs all three, one without names none",
  },
  {
    name: "auth beside workspaces",
    edits: [["base_url: PETSTORE_URL", WORKSPACE_ENV]],
    code: "auth-with-workspaces",
    at: "auth:",
    message:
      "targets.client.auth is for an API without workspaces: a client with workspaces sends each workspace's own token",
  },
  {
    name: "two kinds of credential",
    edits: [
      [
        "bearer: PETSTORE_TOKEN",
        "bearer: PETSTORE_TOKEN\n      basic: { username: U_NAME, password: U_PASS }",
      ],
    ],
    code: "auth-kind",
    at: "basic:",
    message:
      "targets.client.auth takes exactly one of bearer, api_key and basic, not bearer and basic",
  },
  {
    name: "an API key sent nowhere",
    edits: [["bearer: PETSTORE_TOKEN", "api_key: { env: PETSTORE_KEY }"]],
    code: "auth-kind",
    at: "api_key:",
    message:
      "targets.client.auth.api_key takes exactly one of header and query: where the key is sent",
  },
  {
    name: "a relative default base URL",
    edits: [["base_url: https://petstore.example.com/v1", "base_url: /v1"]],
    code: "bad-base-url",
    at: "base_url: /v1",
    message:
      "targets.client.base_url '/v1' is not an absolute URL, e.g. https://api.example.com/v1",
  },
  {
    name: "a default base URL of another scheme",
    edits: [
      [
        "base_url: https://petstore.example.com/v1",
        "base_url: ftp://petstore.example.com",
      ],
    ],
    code: "bad-base-url",
    at: "base_url: ftp",
    message:
      "targets.client.base_url 'ftp://petstore.example.com' must be an http: or https: URL, e.g. https://api.example.com/v1",
  },
  {
    name: "{$workspace} without workspaces",
    edits: [["path: /pets/{pet_id}", "path: /{$workspace}/pets/{pet_id}"]],
    code: "workspace-without-workspaces",
    at: "path: /{$workspace}",
    message:
      "tool 'get_pet': {$workspace} needs a client with workspaces, and targets.client has no workspaces (its env names no workspace_id, token, workspaces)",
  },
  {
    name: "a route without workspaces",
    edits: [["query: [fields]", "query: [fields]\n      route: fields"]],
    code: "workspace-without-workspaces",
    at: "route: fields",
    message:
      "tool 'get_pet': route names the workspace to call, and targets.client has no workspaces (its env names no workspace_id, token, workspaces)",
  },
  {
    name: "a binding setting the API key's query parameter",
    edits: [
      [
        "bearer: PETSTORE_TOKEN",
        "api_key: { env: PETSTORE_KEY, query: fields }",
      ],
    ],
    code: "credential-in-binding",
    at: "query: [fields]",
    message:
      "tool 'get_pet': query parameter 'fields' carries the API key (targets.client.auth.api_key): the client sends it, a binding may not",
  },
  {
    name: "a binding setting the API key's header",
    edits: [
      [
        "bearer: PETSTORE_TOKEN",
        "api_key: { env: PETSTORE_KEY, header: X-Key }",
      ],
      ["query: [fields]", "headers: { x-key: fields }"],
    ],
    code: "credential-in-binding",
    at: "headers: { x-key",
    message:
      "tool 'get_pet': header 'x-key' carries the API key (targets.client.auth.api_key): the client sends it, a binding may not",
  },
  {
    name: "the credential read from the base URL's variable",
    edits: [["bearer: PETSTORE_TOKEN", "bearer: PETSTORE_URL"]],
    code: "duplicate-env-name",
    at: "bearer: PETSTORE_URL",
    message:
      "targets.client.auth.bearer 'PETSTORE_URL' is already targets.client.env.base_url: each needs its own environment variable",
  },
  {
    name: "a whole body naming no input",
    edits: [["body: { $input: items }", "body: { $input: itemz }"]],
    code: "unknown-input",
    at: "body: { $input: itemz }",
    message:
      "tool 'tag_pets': 'itemz' in http.body is not an input of this tool; did you mean 'items'?",
  },
];

describe("a client's connection settings", () => {
  it("the API fixture is valid", () => {
    expect(diagnosticsOf(api)).toEqual([]);
  });

  it.each(cases)("$name: $code", ({ edits, code, at, message }) => {
    const text = edited(...edits);
    const found = diagnosticsOf(text).map((d) => ({
      code: d.code,
      line: d.line,
      message: d.message,
    }));
    expect(found).toContainEqual({ code, line: lineOf(text, at), message });
  });

  it("a platform spec's bindings may use workspaces, and it takes no auth", () => {
    const text = edited(
      ["base_url: PETSTORE_URL", WORKSPACE_ENV],
      ["    auth:\n      bearer: PETSTORE_TOKEN\n", ""],
      ["path: /pets/{pet_id}", "path: /{$workspace}/pets/{pet_id}"],
    );
    expect(diagnosticsOf(text)).toEqual([]);
  });
});
