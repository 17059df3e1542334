/**
 * The data shapes several runtime packages share: JSON values, the environment variables the
 * client reads, and the tool table the client package exports (`tools`), which the MCP,
 * LangChain and CLI packages receive from it instead of writing each input schema again.
 * Copied into each generated package beside its runtime (`shared/`).
 */

export type Json =
  | null
  | boolean
  | number
  | string
  | readonly Json[]
  | { readonly [key: string]: Json };

/**
 * The environment variables createClientFromEnv reads, as named in tools.yaml: the base URL,
 * and either the workspaces' variables (a platform: one token per workspace) or, for an API
 * with no workspaces, at most one credential (`auth`).
 */
export type EnvNames = WorkspaceEnvNames | ApiEnvNames;

export interface WorkspaceEnvNames {
  readonly baseUrl: string;
  /** The base URL used when the variable is unset (`targets.client.base_url`). */
  readonly defaultBaseUrl?: string;
  readonly workspaceId: string;
  readonly token: string;
  readonly workspaces: string;
}

/** An API with one base URL and no workspaces. */
export interface ApiEnvNames {
  readonly baseUrl: string;
  readonly defaultBaseUrl?: string;
  /** The credential every request carries; absent: none (a public API). */
  readonly auth?: AuthEnv;
}

/**
 * Where the credential is read from and how it is sent: a bearer token (`Authorization: Bearer`),
 * an API key in a header or a query parameter, or basic auth's user name and password.
 * `optional`: the client works without it (each variable unset).
 */
export type AuthEnv = (
  | { readonly bearer: string }
  | { readonly apiKey: string; readonly header: string }
  | { readonly apiKey: string; readonly query: string }
  | { readonly basic: { readonly username: string; readonly password: string } }
) & { readonly optional?: true };

/** True for a platform's names (workspaces), false for an API's. */
export function hasWorkspaces(names: EnvNames): names is WorkspaceEnvNames {
  return "workspaceId" in names;
}

/** What the client package exports about each tool (its `tools`), in spec order. */
export interface ToolInfo {
  readonly name: string;
  readonly section: string;
  readonly short: string;
  /** The JSON Schema exactly as written in tools.yaml. */
  readonly inputSchema: { readonly [key: string]: unknown };
  /** The JSON Schema of its result exactly as written in tools.yaml, or null: not described. */
  readonly outputSchema: { readonly [key: string]: unknown } | null;
  /** True for a tool the agent's runtime handles itself (no platform call). */
  readonly local: boolean;
  /**
   * What each consumer shows of the tool: its description (the tool's `short` unless the spec's
   * per-target block sets one) and the inputs it never offers nor sends (views.ts, resolveViews).
   */
  readonly views: { readonly [T in ViewTarget]: ToolView };
}

/** The consumers a tool's view may differ in. */
export type ViewTarget =
  "mcp" | "langchain" | "aiSdk" | "functionCalling" | "cli";

export interface ToolView {
  readonly description: string;
  /** Inputs this consumer never offers nor sends, in the schema's order. */
  readonly hidden: readonly string[];
}

/** A consumer's own view of a tool, as the client's tools.json holds it: only what differs from the tool's. */
export interface ViewData {
  /** Shown instead of the tool's `short`. */
  readonly description?: string;
  /** Inputs the consumer never offers nor sends. */
  readonly hide?: readonly string[];
}

/**
 * The variables of an API's credential with what each holds, for help texts: none without one.
 * (A platform's are its workspace variables, which each help words itself.)
 */
export function credentialVariables(
  auth: AuthEnv | undefined,
): [string, string][] {
  if (auth === undefined) return [];
  const optional = auth.optional === true ? ", optional" : "";
  if ("basic" in auth)
    return [
      [auth.basic.username, `The basic-auth user name${optional}`],
      [
        auth.basic.password,
        `The basic-auth password (never printed${optional})`,
      ],
    ];
  if ("bearer" in auth)
    return [[auth.bearer, `The bearer token (never printed${optional})`]];
  const where =
    "header" in auth
      ? `header ${auth.header}`
      : `query parameter ${auth.query}`;
  return [
    [auth.apiKey, `The API key, sent in ${where} (never printed${optional})`],
  ];
}
