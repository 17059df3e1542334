import { NO_VERSION } from "./publish.js";
import { pep440 } from "./pep440.js";
import type { RawEnvNames, RawSpec } from "./raw.js";
import type { Targets } from "./types.js";
import type { EnvNames } from "../../runtime/shared/data.js";

/** The Python target's settings, with every default filled in (validation checked them). */
export function pythonTarget(raw: RawSpec): Targets["python"] {
  const python = raw.targets.python;
  if (!python) return null;
  const version = python.version ?? raw.version ?? NO_VERSION;
  return {
    package: python.package,
    module: python.module,
    cli: python.cli ?? null,
    runtime: python.runtime ?? null,
    serverName:
      python.server_name ?? raw.targets.mcp?.server_name ?? python.package,
    env: envNames((python.env ?? raw.targets.client?.env)!),
    version: pep440(version) ?? version,
    license: python.license ?? raw.license ?? null,
    private: python.private ?? raw.private ?? false,
  };
}

/** tools.yaml's snake_case names of the environment variables → the runtimes' own. */
export function envNames(env: RawEnvNames): EnvNames {
  return {
    baseUrl: env.base_url,
    workspaceId: env.workspace_id,
    token: env.token,
    workspaces: env.workspaces,
  };
}
