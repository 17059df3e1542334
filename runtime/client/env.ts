import {
  checkBaseUrl,
  checkWorkspaces,
  kind,
  type ApiClientConfig,
  type ClientConfig,
  type WorkspaceCredentials,
} from "./config.js";
import {
  hasWorkspaces,
  type ApiEnvNames,
  type EnvNames,
} from "../shared/data.js";
import { authKind, checkSecret, type Credential } from "./auth.js";
import { ConfigError } from "./errors.js";
import { MIN_TOKEN_LENGTH } from "./redact.js";
import type { Env } from "../shared/client-parts.js";

/**
 * A client configuration from environment variables (named in tools.yaml): the base URL,
 * and either one workspace id with its token or a JSON array of { id, token }.
 * Every malformed shape gets its own message; a token is never repeated in one.
 */
export function configFromEnv(
  env: Env,
  names: EnvNames,
): ClientConfig | ApiClientConfig {
  const problems: string[] = [];
  const get = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === "" ? undefined : v.trim();
  };
  const baseUrl = get(names.baseUrl) ?? names.defaultBaseUrl;
  const platform = hasWorkspaces(names);
  const base = checkBaseUrl(baseUrl, names.baseUrl, problems, platform);
  if (!platform) {
    const auth = authFromEnv(get, names, problems);
    if (problems.length > 0 || !base) throw new ConfigError(problems);
    return auth === undefined
      ? { baseUrl: base.href }
      : { baseUrl: base.href, auth };
  }
  const list = get(names.workspaces);
  const id = get(names.workspaceId);
  const token = get(names.token);

  let workspaces: WorkspaceCredentials[] = [];
  if (list !== undefined) {
    if (id !== undefined || token !== undefined) {
      problems.push(
        `${names.workspaces} is set together with ${[id !== undefined ? names.workspaceId : "", token !== undefined ? names.token : ""].filter(Boolean).join(" and ")}: set only one of the two forms`,
      );
    } else workspaces = parseList(list, names.workspaces, problems);
  } else if (id !== undefined && token !== undefined) {
    workspaces = [
      ...checkWorkspaces([{ id, token }], () => names.workspaceId, problems),
    ].map(([i, t]) => ({ id: i, token: t }));
  } else if (id !== undefined) {
    problems.push(
      `${names.workspaceId} is set but ${names.token} is not: give the workspace's token`,
    );
  } else if (token !== undefined) {
    problems.push(
      `${names.token} is set but ${names.workspaceId} is not: give the workspace's id`,
    );
  } else {
    problems.push(
      `no workspace configured: set ${names.workspaceId} and ${names.token}, or ${names.workspaces} to a JSON array of {"id", "token"} objects`,
    );
  }
  if (problems.length > 0 || !base) throw new ConfigError(problems);
  return { baseUrl: base.href, workspaces };
}

/**
 * The credential an API's spec declares, from its variables: each set, or (when the spec marks it
 * optional) none; basic auth needs both of its variables. Values are checked, never quoted.
 */
function authFromEnv(
  get: (name: string) => string | undefined,
  names: ApiEnvNames,
  problems: string[],
): Credential | undefined {
  const auth = names.auth;
  if (auth === undefined) return undefined;
  const what = { bearer: "bearer token", apiKey: "API key", basic: "" }[
    authKind(auth)
  ];
  if ("basic" in auth) {
    const { username, password } = auth.basic;
    const user = get(username);
    const pass = get(password);
    if (user === undefined && pass === undefined) {
      if (auth.optional !== true)
        problems.push(
          `${username} and ${password} are not set: give the API's basic-auth user name and password`,
        );
      return undefined;
    }
    if (user === undefined || pass === undefined) {
      problems.push(
        `${user === undefined ? username : password} is not set but ${user === undefined ? password : username} is: give both the user name and the password`,
      );
      return undefined;
    }
    if (user.includes(":") || !/^[\x20-\x7e]+$/.test(user))
      problems.push(
        `${username} may not contain a colon or a character outside visible ASCII`,
      );
    const checked = checkSecret(pass, password, problems);
    return checked === undefined
      ? undefined
      : { basic: { username: user, password: checked } };
  }
  const name = "bearer" in auth ? auth.bearer : auth.apiKey;
  const value = get(name);
  if (value === undefined) {
    if (auth.optional !== true)
      problems.push(`${name} is not set: give the API's ${what}`);
    return undefined;
  }
  const checked = checkSecret(value, name, problems);
  if (checked === undefined) return undefined;
  return "bearer" in auth ? { bearer: checked } : { apiKey: checked };
}

function parseList(
  text: string,
  name: string,
  problems: string[],
): WorkspaceCredentials[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the error, which may be a token.
    problems.push(
      `${name} is not valid JSON: expected an array like [{"id": "...", "token": "..."}]`,
    );
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push(
      `${name} must be a JSON array of {"id", "token"} objects, got ${kind(value)}`,
    );
    return [];
  }
  if (value.length === 0) {
    problems.push(
      `${name} is an empty list: give at least one {"id", "token"} object`,
    );
    return [];
  }
  const checked = checkWorkspaces(value, (i) => `${name}[${i}]`, problems);
  return [...checked].map(([id, token]) => ({ id, token }));
}

/**
 * Every token the environment configures, however wrong the rest of it is: for keeping them out
 * of what is printed (a token typed as an argument by mistake), never for calling. Tokens
 * shorter than MIN_TOKEN_LENGTH, which no client accepts, are left out.
 */
export function tokensInEnv(
  env: Env,
  names: EnvNames,
  extra: readonly string[] = [],
): string[] {
  const tokens = extra.map((name) => env[name]);
  if (!hasWorkspaces(names)) {
    const auth = names.auth;
    if (auth !== undefined && "basic" in auth) {
      const user = env[auth.basic.username]?.trim();
      const pass = env[auth.basic.password]?.trim();
      tokens.push(pass);
      if (user !== undefined && pass !== undefined)
        tokens.push(Buffer.from(`${user}:${pass}`, "utf8").toString("base64"));
    } else if (auth !== undefined)
      tokens.push(env["bearer" in auth ? auth.bearer : auth.apiKey]);
    return keep(tokens);
  }
  tokens.unshift(env[names.token]);
  try {
    const list: unknown = JSON.parse(env[names.workspaces] ?? "[]");
    if (Array.isArray(list))
      for (const item of list)
        tokens.push((item as { token?: unknown } | null)?.token as string);
  } catch {
    // Not JSON: no token to read in it.
  }
  return keep(tokens);
}

function keep(tokens: readonly unknown[]): string[] {
  return tokens
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.trim())
    .filter((t) => t.length >= MIN_TOKEN_LENGTH);
}
