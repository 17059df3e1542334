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
