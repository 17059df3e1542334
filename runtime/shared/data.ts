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

/** The environment variables createClientFromEnv reads, as named in tools.yaml. */
export interface EnvNames {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly token: string;
  readonly workspaces: string;
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
}
