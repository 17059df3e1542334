import { NO_VERSION } from "./publish.js";
import { pep440 } from "./pep440.js";
import type { RawAuth, RawConnection, RawSpec } from "./raw.js";
import type { Targets } from "./types.js";
import type { AuthEnv, EnvNames } from "../../runtime/shared/data.js";

/** The Python target's settings, with every default filled in (validation checked them). */
export function pythonTarget(raw: RawSpec): Targets["python"] {
  const python = raw.targets.python;
  if (!python) return null;
  const version = python.version ?? raw.version ?? NO_VERSION;
  const client = raw.targets.client;
  const env = (python.env ?? client?.env)!;
  return {
    package: python.package,
    module: python.module,
    cli: python.cli ?? null,
    runtime: python.runtime ?? null,
    serverName:
      python.server_name ?? raw.targets.mcp?.server_name ?? python.package,
    env: envNames({
      env,
      base_url: python.base_url ?? client?.base_url,
      // A client's credential with workspaces is an error (validation): only an API's is inherited.
      auth:
        python.auth ??
        (env.workspace_id === undefined ? client?.auth : undefined),
    }),
    version: pep440(version) ?? version,
    license: python.license ?? raw.license ?? null,
    private: python.private ?? raw.private ?? false,
  };
}

/**
 * tools.yaml's snake_case names of the environment variables → the runtimes' own: a platform's
 * workspaces, or an API's credential (validation checked that it is one or the other).
 */
export function envNames(raw: RawConnection): EnvNames {
  const { env } = raw;
  const base = {
    baseUrl: env.base_url,
    ...(raw.base_url === undefined ? {} : { defaultBaseUrl: raw.base_url }),
  };
  if (env.workspace_id !== undefined)
    return {
      ...base,
      workspaceId: env.workspace_id,
      token: env.token!,
      workspaces: env.workspaces!,
    };
  return raw.auth === undefined ? base : { ...base, auth: authEnv(raw.auth) };
}

function authEnv(raw: RawAuth): AuthEnv {
  const optional = raw.optional === true ? { optional: true as const } : {};
  if (raw.bearer !== undefined) return { bearer: raw.bearer, ...optional };
  if (raw.basic !== undefined)
    return {
      basic: { username: raw.basic.username, password: raw.basic.password },
      ...optional,
    };
  const key = raw.api_key!;
  return key.query !== undefined
    ? { apiKey: key.env, query: key.query, ...optional }
    : { apiKey: key.env, header: key.header!, ...optional };
}
