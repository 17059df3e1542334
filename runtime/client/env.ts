import {
  checkBaseUrl,
  checkWorkspaces,
  kind,
  type ClientConfig,
  type WorkspaceCredentials,
} from "./config.js";
import type { EnvNames } from "./data.js";
import { ConfigError } from "./errors.js";
import { MIN_TOKEN_LENGTH } from "./redact.js";
import type { Env } from "../shared/client-parts.js";

/**
 * A client configuration from environment variables (named in tools.yaml): the base URL,
 * and either one workspace id with its token or a JSON array of { id, token }.
 * Every malformed shape gets its own message; a token is never repeated in one.
 */
export function configFromEnv(env: Env, names: EnvNames): ClientConfig {
  const problems: string[] = [];
  const get = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === "" ? undefined : v.trim();
  };
  const baseUrl = get(names.baseUrl);
  const base = checkBaseUrl(baseUrl, names.baseUrl, problems);
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
  const tokens = [env[names.token], ...extra.map((name) => env[name])];
  try {
    const list: unknown = JSON.parse(env[names.workspaces] ?? "[]");
    if (Array.isArray(list))
      for (const item of list)
        tokens.push((item as { token?: unknown } | null)?.token as string);
  } catch {
    // Not JSON: no token to read in it.
  }
  return tokens
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.trim())
    .filter((t) => t.length >= MIN_TOKEN_LENGTH);
}
