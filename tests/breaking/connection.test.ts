import { describe, expect, it } from "vitest";
import { readFixture } from "../helpers/project.js";
import { diffTexts, lineOf, names } from "./helpers.js";

// The client's settings between two releases of an API spec (tests/fixtures/api/tools.yaml):
// what deployed agents are configured with must still fit, or the change is breaking.
const api = readFixture("api", "tools.yaml");
const BEARER = "bearer: PETSTORE_TOKEN";
const withAuth = (auth: string) => api.replace(BEARER, auth);
const QUERY = "api_key: { env: PETSTORE_KEY, query: api_key }";
const HEADER = "api_key: { env: PETSTORE_KEY, header: X-API-Key }";
const OPTIONAL = `${BEARER}\n      optional: true`;
const NO_AUTH = api.replace(`    auth:\n      ${BEARER}\n`, "");
const WORKSPACES = api
  .replace(`    auth:\n      ${BEARER}\n`, "")
  .replace(
    "base_url: PETSTORE_URL",
    "base_url: PETSTORE_URL\n      workspace_id: PETSTORE_WS\n      token: PETSTORE_WS_TOKEN\n      workspaces: PETSTORE_WORKSPACES",
  );

describe("the client's settings", () => {
  it.each([
    [
      "bearer → API key in the query",
      api,
      withAuth(QUERY),
      "client-auth-changed",
    ],
    [
      "header → query",
      withAuth(HEADER),
      withAuth(QUERY),
      "client-auth-changed",
    ],
    ["none → bearer", NO_AUTH, api, "client-auth-changed"],
    ["optional → required", withAuth(OPTIONAL), api, "client-auth-changed"],
    ["bearer → none", api, NO_AUTH, "client-auth-relaxed"],
    ["required → optional", api, withAuth(OPTIONAL), "client-auth-relaxed"],
    ["workspaces dropped", WORKSPACES, NO_AUTH, "client-workspaces-changed"],
    ["workspaces added", NO_AUTH, WORKSPACES, "client-workspaces-changed"],
  ])("%s: %s", (_name, base, current, change) => {
    const result = diffTexts(base, current);
    expect(names(result)).toEqual([change]);
    expect(result.changes[0]!.tool).toBe("targets.client");
  });

  it("says what changed, at the auth key", () => {
    const current = withAuth(QUERY);
    const [change] = diffTexts(api, current).changes;
    expect(change).toMatchObject({
      class: "breaking",
      message:
        "targets.client.auth: a bearer token → an API key in query parameter 'api_key': agents deployed with the old credential are refused",
      line: lineOf(current, "auth:"),
    });
  });

  it("reports nothing when only a variable is renamed, as for every other variable", () => {
    expect(
      names(diffTexts(api, api.replace(BEARER, "bearer: PETSTORE_API_TOKEN"))),
    ).toEqual([]);
  });
});

// An API declared for the Python target alone: its env and auth are targets.python's.
const python = (connection: string) =>
  [
    "targets:",
    "  python:",
    "    package: acme-petstore",
    "    module: acme_petstore",
    ...connection.split("\n").map((l) => `    ${l}`),
    "sections:",
    "  - { id: pets, heading: Pets, label: Pets }",
    "tools:",
    "  - name: get_pet",
    "    section: pets",
    "    short: Read one pet.",
    "    when_to_use: When you need a pet's details.",
    "    input: { type: object, properties: { pet_id: { type: string } }, required: [pet_id] }",
    '    http: { method: GET, path: "/pets/{pet_id}" }',
    "",
  ].join("\n");
const PY_BEARER =
  "base_url: https://petstore.example.com\nenv: { base_url: PETSTORE_URL }\nauth: { bearer: PETSTORE_TOKEN }";
const PY_QUERY = PY_BEARER.replace(
  "bearer: PETSTORE_TOKEN",
  "api_key: { env: PETSTORE_KEY, query: api_key }",
);
const PY_NONE =
  "base_url: https://petstore.example.com\nenv: { base_url: PETSTORE_URL }";
const PY_WORKSPACES =
  "env: { base_url: PETSTORE_URL, workspace_id: PETSTORE_WS, token: PETSTORE_WS_TOKEN, workspaces: PETSTORE_WORKSPACES }";

describe("the Python target's own settings, in a spec without the client target", () => {
  it.each([
    [
      "bearer → API key in the query",
      PY_BEARER,
      PY_QUERY,
      "client-auth-changed",
    ],
    ["bearer → none", PY_BEARER, PY_NONE, "client-auth-relaxed"],
    ["workspaces added", PY_NONE, PY_WORKSPACES, "client-workspaces-changed"],
  ])("%s", (_name, base, current, change) => {
    const result = diffTexts(python(base), python(current));
    expect(names(result)).toEqual([change]);
    expect(result.changes[0]!.tool).toBe("targets.python");
    expect(result.changes[0]!.message).toMatch(/^targets\.python/);
  });
});
