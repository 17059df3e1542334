import { ConfigError } from "./errors.js";
import { resolveHooks, type ClientHooks } from "./hooks.js";
import { isHeaderValue } from "./header-value.js";
import type { ResolvedConfig, RetryOptions } from "./options.js";
import { DEFAULT_RETRY, resolveRetry } from "./retry.js";
import { MIN_TOKEN_LENGTH } from "./redact.js";
import { isRecord } from "../shared/record.js";
import { hasWorkspaces, type EnvNames } from "../shared/data.js";
import { resolveAuth, type Credential } from "./auth.js";

export type { CallOptions, ResolvedConfig } from "./options.js";
export { isHeaderValue } from "./header-value.js";

export interface WorkspaceCredentials {
  readonly id: string;
  /** Sent as `Authorization: Bearer <token>` with this workspace's requests, and with no other. */
  readonly token: string;
}

interface CommonConfig extends ClientHooks {
  /** The platform's base URL, e.g. `https://platform.example.com` (a path prefix is kept). */
  readonly baseUrl: string | URL;
  /** Replaces the global fetch, e.g. to add a proxy; it must honour `redirect: "manual"`. */
  readonly fetch?: typeof fetch;
  /** Time limit of one call, answer included, in milliseconds (30 000 when not given). */
  readonly timeoutMs?: number;
  /** Sent with every request; `Authorization` is the client's own and cannot be set here. */
  readonly headers?: { readonly [name: string]: string };
  /** Retries of idempotent or keyed calls on 429, 502, 503, 504 or no answer (on by default); false turns them off. */
  readonly retry?: RetryOptions | false;
  /**
   * The largest answer body read, in bytes (10 MiB when not given): a larger answer fails the
   * call with a ClientError as soon as it passes the limit, and the rest is not read.
   */
  readonly maxResponseBytes?: number;
}

/** One workspace, or several: the first listed is the primary, used when a call names none. */
export type ClientConfig = CommonConfig &
  (
    | {
        readonly workspace: WorkspaceCredentials;
        readonly workspaces?: undefined;
      }
    | {
        readonly workspaces: readonly WorkspaceCredentials[];
        readonly workspace?: undefined;
      }
  );

/**
 * An API without workspaces: its base URL (the spec's default when left out and the spec has
 * one) and, when the spec declares one, its credential, of the spec's kind.
 */
export type ApiClientConfig<A extends Credential = Credential> = Omit<
  CommonConfig,
  "baseUrl"
> & {
  /** The API's base URL, e.g. `https://api.example.com/v1` (a path prefix is kept). */
  readonly baseUrl?: string | URL;
  readonly auth?: A;
  readonly workspace?: undefined;
  readonly workspaces?: undefined;
};

export const DEFAULT_TIMEOUT_MS: number = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES: number = 10 * 1024 * 1024;

/** Tokens travel in a header: anything but visible ASCII would be refused there, with the value in the error. */
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

/**
 * Checks a configuration once, against the spec's settings (`names`): a platform's takes
 * workspaces, an API's takes its base URL (else the spec's default) and its credential.
 */
export function resolveConfig(
  config: ClientConfig | ApiClientConfig,
  names?: EnvNames,
): ResolvedConfig {
  const problems: string[] = [];
  if (config === null || typeof config !== "object")
    throw new ConfigError(["the client configuration must be an object"]);
  const platform = names === undefined || hasWorkspaces(names);
  const base = checkBaseUrl(
    config.baseUrl ?? names?.defaultBaseUrl,
    "baseUrl",
    problems,
    platform,
  );
  if (names !== undefined && !hasWorkspaces(names)) {
    if (config.workspace !== undefined || config.workspaces !== undefined)
      problems.push(
        "this API has no workspaces: give baseUrl and auth, not workspace or workspaces",
      );
    const api = resolveAuth(
      (config as ApiClientConfig).auth,
      names.auth,
      problems,
    );
    const rest = resolveCommon(
      config,
      problems,
      api.headers.map(([n]) => n),
      "the client sends its own credential there",
    );
    if (problems.length > 0 || !base) throw new ConfigError(problems);
    return {
      base,
      workspaces: new Map(),
      primary: "",
      api,
      secrets: api.secrets,
      ...rest,
    };
  }
  if ((config as { auth?: unknown }).auth !== undefined)
    problems.push(
      "auth is for an API without workspaces: this client sends each workspace's own token",
    );
  const given = config as ClientConfig;

  let list: readonly unknown[] = [];
  let where = "workspaces";
  if (config.workspace !== undefined && config.workspaces !== undefined) {
    problems.push("give either workspace or workspaces, not both");
  } else if (given.workspace !== undefined) {
    list = [given.workspace];
    where = "workspace";
  } else if (given.workspaces !== undefined) {
    if (!Array.isArray(given.workspaces))
      problems.push(
        `workspaces must be an array of { id, token }, got ${kind(given.workspaces)}`,
      );
    else if (given.workspaces.length === 0)
      problems.push("workspaces is empty: give at least one { id, token }");
    else list = given.workspaces;
  } else {
    problems.push(
      "no workspace: give workspace: { id, token } or workspaces: [{ id, token }, ...]",
    );
  }
  const workspaces = checkWorkspaces(
    list,
    (i) => (where === "workspace" ? "workspace" : `workspaces[${i}]`),
    problems,
  );
  const rest = resolveCommon(
    config,
    problems,
    [],
    "the client sends each workspace's own token",
  );
  if (problems.length > 0 || !base) throw new ConfigError(problems);
  return {
    base,
    workspaces,
    primary: workspaces.keys().next().value as string,
    api: null,
    secrets: [...workspaces.values()],
    ...rest,
  };
}

/** The settings both kinds of client take; `own` are the headers the client's credential sets. */
function resolveCommon(
  config: ClientConfig | ApiClientConfig,
  problems: string[],
  own: readonly string[],
  why: string,
): Omit<ResolvedConfig, "base" | "workspaces" | "primary" | "api" | "secrets"> {
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (config.timeoutMs !== undefined) {
    if (
      typeof config.timeoutMs !== "number" ||
      !Number.isFinite(config.timeoutMs) ||
      config.timeoutMs <= 0
    ) {
      problems.push("timeoutMs must be a positive number of milliseconds");
    } else timeoutMs = config.timeoutMs;
  }
  let maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
  if (config.maxResponseBytes !== undefined) {
    if (
      !Number.isSafeInteger(config.maxResponseBytes) ||
      config.maxResponseBytes <= 0
    ) {
      problems.push(
        "maxResponseBytes must be a positive whole number of bytes",
      );
    } else maxResponseBytes = config.maxResponseBytes;
  }
  if (config.fetch !== undefined && typeof config.fetch !== "function")
    problems.push("fetch must be a function");
  const headers = checkHeaders(config.headers, problems, own, why);
  const retry = resolveRetry(config.retry, DEFAULT_RETRY, problems);
  const hooks = resolveHooks(config, problems);
  return {
    fetch: config.fetch ?? globalThis.fetch,
    timeoutMs,
    headers,
    retry,
    hooks,
    maxResponseBytes,
  };
}

/** Parses a base URL; never repeats it in a message, since it might carry credentials. */
export function checkBaseUrl(
  value: unknown,
  name: string,
  problems: string[],
  platform = true,
): URL | undefined {
  if (value === undefined || value === null || value === "") {
    problems.push(
      platform
        ? `${name} is not set: give the platform's base URL, e.g. https://platform.example.com`
        : `${name} is not set: give the API's base URL, e.g. https://api.example.com`,
    );
    return undefined;
  }
  if (typeof value !== "string" && !(value instanceof URL)) {
    problems.push(`${name} must be a URL string, got ${kind(value)}`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    problems.push(
      `${name} is not a valid URL: give an absolute one, e.g. https://platform.example.com`,
    );
    return undefined;
  }
  const before = problems.length;
  if (url.protocol !== "http:" && url.protocol !== "https:")
    problems.push(`${name} must be an http: or https: URL`);
  if (url.username || url.password)
    problems.push(
      `${name} must not contain a user name or password: ${
        platform
          ? "the client authenticates with workspace tokens"
          : "the client sends its own credential"
      }`,
    );
  if (url.search || url.hash)
    problems.push(`${name} must not contain a query string or a fragment`);
  return problems.length === before ? url : undefined;
}

/** Checks each { id, token } entry; `at(i)` names entry i in messages. Tokens are never quoted. */
export function checkWorkspaces(
  list: readonly unknown[],
  at: (i: number) => string,
  problems: string[],
): Map<string, string> {
  const out = new Map<string, string>();
  const firstIndex = new Map<string, number>();
  list.forEach((entry, i) => {
    if (!isRecord(entry)) {
      problems.push(
        `${at(i)} must be an object with an id and a token, got ${kind(entry)}`,
      );
      return;
    }
    const { id, token } = entry as { id?: unknown; token?: unknown };
    const before = problems.length;
    if (id === undefined) problems.push(`${at(i)} has no id`);
    else if (typeof id !== "string")
      problems.push(`${at(i)}.id must be a string, got ${kind(id)}`);
    else if (id.trim() === "") problems.push(`${at(i)}.id is empty`);
    const label =
      typeof id === "string" && id.trim() !== ""
        ? `${at(i)} (workspace ${JSON.stringify(id)})`
        : at(i);
    if (token === undefined) problems.push(`${label} has no token`);
    else if (typeof token !== "string")
      problems.push(`${label}: token must be a string, got ${kind(token)}`);
    else if (token === "") problems.push(`${label}: token is empty`);
    else if (!TOKEN_CHARS.test(token))
      problems.push(
        `${label}: token contains spaces or characters that cannot be sent in a header`,
      );
    else if (token.length < MIN_TOKEN_LENGTH)
      problems.push(
        `${label}: token is shorter than ${MIN_TOKEN_LENGTH} characters, too short to be kept out of messages safely`,
      );
    if (
      problems.length > before ||
      typeof id !== "string" ||
      typeof token !== "string"
    )
      return;
    const seen = firstIndex.get(id);
    if (seen !== undefined) {
      problems.push(
        `workspace ${JSON.stringify(id)} is listed twice (${at(seen)} and ${at(i)})`,
      );
      return;
    }
    firstIndex.set(id, i);
    out.set(id, token);
  });
  return out;
}

function checkHeaders(
  headers: unknown,
  problems: string[],
  own: readonly string[],
  why: string,
): [string, string][] {
  const owned = new Set([...own, "authorization"].map((n) => n.toLowerCase()));
  if (headers === undefined) return [];
  if (!isRecord(headers)) {
    problems.push(
      `headers must be an object of header names to strings, got ${kind(headers)}`,
    );
    return [];
  }
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (owned.has(name.toLowerCase()))
      problems.push(
        `headers may not set ${name.toLowerCase() === "authorization" ? "Authorization" : name}: ${why}`,
      );
    else if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      problems.push(
        `headers: ${JSON.stringify(name)} is not a valid header name`,
      );
    else if (typeof value !== "string")
      problems.push(`headers.${name} must be a string, got ${kind(value)}`);
    else if (!isHeaderValue(value))
      problems.push(
        `headers.${name} contains a line break or a character that cannot be sent in a header`,
      );
    else out.push([name, value]);
  }
  return out;
}

/** "a string", "a number", "an array", "null"… for messages that must not echo a value. */
export function kind(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
