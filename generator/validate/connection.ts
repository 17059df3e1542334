import type { RawAuth, RawEnvNames, RawTool } from "../model/raw.js";
import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { toolPath, type Check } from "./checked-spec.js";
import { quoted } from "../diagnostics/quoted.js";

/** A header name as HTTP defines a token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const WORKSPACE_KEYS = ["workspace_id", "token", "workspaces"] as const;

/** One client's settings as written: targets.client's, or targets.python's own. */
interface Connection {
  readonly at: JsonPath;
  readonly env: RawEnvNames | undefined;
  readonly baseUrl: string | undefined;
  readonly auth: RawAuth | undefined;
  /** Where env, base_url and auth are read from when this target does not give them. */
  readonly inherits: Connection | null;
}

/**
 * How each client reaches its API (targets.client, and targets.python where it gives its own):
 * with workspaces (all three of their variables) or without (at most one credential, `auth`),
 * a default base URL that is an absolute http(s) URL, and tools whose bindings suit that mode:
 * no `$workspace` nor `route` without workspaces, never the credential's own header or query
 * parameter set by a binding.
 */
export const checkConnections: Check = ({ targets, tools }) => {
  const problems: Problem[] = [];
  const client: Connection | null = targets.client
    ? {
        at: ["targets", "client"],
        env: targets.client.env,
        baseUrl: targets.client.base_url,
        auth: targets.client.auth,
        inherits: null,
      }
    : null;
  const python: Connection | null = targets.python
    ? {
        at: ["targets", "python"],
        env: targets.python.env,
        baseUrl: targets.python.base_url,
        auth: targets.python.auth,
        inherits: client,
      }
    : null;
  const modes: { at: JsonPath; workspaces: boolean; auth?: RawAuth }[] = [];
  for (const c of [client, python]) {
    if (c === null) continue;
    const env = c.env ?? c.inherits?.env;
    if (env === undefined) continue;
    const named = WORKSPACE_KEYS.filter((k) => env[k] !== undefined);
    const envAt = c.env !== undefined ? c.at : c.inherits!.at;
    if (named.length > 0 && named.length < WORKSPACE_KEYS.length)
      problems.push({
        path: [...envAt, "env", named[0]!],
        message: `${envAt.join(".")}.env names ${named.join(" and ")} but not ${WORKSPACE_KEYS.filter((k) => env[k] === undefined).join(" and ")}: a client with workspaces needs all three, one without names none`,
        code: "partial-workspaces",
      });
    const workspaces = named.length > 0;
    if (c.baseUrl !== undefined)
      checkBaseUrl(c.baseUrl, [...c.at, "base_url"], problems);
    if (c.auth !== undefined)
      checkAuth(c.auth, [...c.at, "auth"], workspaces, problems);
    const auth = c.auth ?? (workspaces ? undefined : c.inherits?.auth);
    modes.push({ at: c.at, workspaces, ...(auth ? { auth } : {}) });
  }
  tools.forEach((tool, i) => {
    if (tool?.http === undefined) return;
    for (const mode of modes) {
      if (!mode.workspaces) checkNoWorkspaces(tool, i, mode.at, problems);
      if (mode.auth !== undefined)
        checkCredentialPlace(tool, i, mode.auth, mode.at, problems);
    }
  });
  return dedupe(problems);
};

/** A default base URL: absolute http(s), no user, password, query or fragment, nothing to forge a line with. */
function checkBaseUrl(value: string, at: JsonPath, problems: Problem[]): void {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  const problem =
    url === null || /[\s\u0000-\u001f\u007f]/.test(value)
      ? "is not an absolute URL"
      : url.protocol !== "http:" && url.protocol !== "https:"
        ? "must be an http: or https: URL"
        : url.username || url.password
          ? "must not contain a user name or password: the credential is auth's"
          : url.search || url.hash
            ? "must not contain a query string or a fragment"
            : null;
  if (problem !== null)
    problems.push({
      path: at,
      message: `${at.join(".")} ${quoted(value)} ${problem}, e.g. https://api.example.com/v1`,
      code: "bad-base-url",
    });
}

function checkAuth(
  auth: RawAuth,
  at: JsonPath,
  workspaces: boolean,
  problems: Problem[],
): void {
  if (workspaces) {
    problems.push({
      path: at,
      key: true,
      message: `${at.join(".")} is for an API without workspaces: a client with workspaces sends each workspace's own token`,
      code: "auth-with-workspaces",
    });
    return;
  }
  const kinds = (["bearer", "api_key", "basic"] as const).filter(
    (k) => auth[k] !== undefined,
  );
  if (kinds.length !== 1)
    problems.push({
      path: kinds.length === 0 ? at : [...at, kinds[1]!],
      key: true,
      message: `${at.join(".")} takes exactly one of bearer, api_key and basic${kinds.length === 0 ? "" : `, not ${kinds.join(" and ")}`}`,
      code: "auth-kind",
    });
  const key = auth.api_key;
  if (key === undefined) return;
  const places = (["header", "query"] as const).filter(
    (p) => key[p] !== undefined,
  );
  if (places.length !== 1)
    problems.push({
      path: [...at, "api_key"],
      key: true,
      message: `${at.join(".")}.api_key takes exactly one of header and query: where the key is sent`,
      code: "auth-kind",
    });
  else if (key.header !== undefined && !HEADER_NAME.test(key.header))
    problems.push({
      path: [...at, "api_key", "header"],
      message: `${at.join(".")}.api_key.header ${quoted(key.header)} is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~)`,
      code: "bad-header-name",
    });
  else if (key.query !== undefined && key.query === "")
    problems.push({
      path: [...at, "api_key", "query"],
      message: `${at.join(".")}.api_key.query is empty: name the query parameter that carries the key`,
      code: "auth-kind",
    });
}

/** `{$workspace}`, a `$workspace` value and `route` need a client with workspaces. */
function checkNoWorkspaces(
  tool: RawTool,
  i: number,
  at: JsonPath,
  problems: Problem[],
): void {
  const http = tool.http!;
  const why = `${at.join(".")} has no workspaces (its env names no workspace_id, token, workspaces)`;
  const who = `tool ${quoted(tool.name)}`;
  if (http.path.includes("{$workspace}"))
    problems.push({
      path: toolPath(i, "http", "path"),
      token: "{$workspace}",
      message: `${who}: {$workspace} needs a client with workspaces, and ${why}`,
      code: "workspace-without-workspaces",
    });
  if (http.route !== undefined)
    problems.push({
      path: toolPath(i, "http", "route"),
      key: true,
      message: `${who}: route names the workspace to call, and ${why}`,
      code: "workspace-without-workspaces",
    });
  for (const where of ["query", "body", "headers"] as const) {
    const fields = http[where];
    if (fields === undefined || Array.isArray(fields)) continue;
    for (const [name, value] of Object.entries(fields))
      if (value === "$workspace")
        problems.push({
          path: toolPath(i, "http", where, name),
          message: `${who}: $workspace in http.${where} needs a client with workspaces, and ${why}`,
          code: "workspace-without-workspaces",
        });
  }
}

/** A binding never sets the credential's own header (Authorization for bearer and basic) or query parameter. */
function checkCredentialPlace(
  tool: RawTool,
  i: number,
  auth: RawAuth,
  at: JsonPath,
  problems: Problem[],
): void {
  const http = tool.http!;
  const who = `tool ${quoted(tool.name)}`;
  const header = auth.api_key?.header;
  if (header !== undefined)
    for (const name of Object.keys(http.headers ?? {}))
      if (name.toLowerCase() === header.toLowerCase())
        problems.push({
          path: toolPath(i, "http", "headers", name),
          key: true,
          message: `${who}: header ${quoted(name)} carries the API key (${at.join(".")}.auth.api_key): the client sends it, a binding may not`,
          code: "credential-in-binding",
        });
  const query = auth.api_key?.query;
  if (query === undefined || http.query === undefined) return;
  const names = Array.isArray(http.query)
    ? http.query.map((n, k) => [n, k] as const)
    : Object.keys(http.query).map((n) => [n, n] as const);
  for (const [name, key] of names)
    if (name === query)
      problems.push({
        path: toolPath(i, "http", "query", key),
        ...(typeof key === "string" ? { key: true } : {}),
        message: `${who}: query parameter ${quoted(name)} carries the API key (${at.join(".")}.auth.api_key): the client sends it, a binding may not`,
        code: "credential-in-binding",
      });
}

/** The Python target that inherits the client's settings finds the client's problems again: each once. */
function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path.join("\u0000")}\u0001${p.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
