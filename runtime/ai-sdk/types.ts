/**
 * The shapes the AI SDK runtime works with. The generated index.js passes in the client
 * package's tool table, its error test, its input validator and its defaults, so this code never
 * names another package: every name comes from the spec.
 */
import type { ToolInfo } from "../shared/data.js";
import type { ClientParts } from "../shared/client-parts.js";
import type { LocalHandler, PlatformCaller } from "../shared/handler.js";

export interface CreateToolsOptions {
  readonly client: PlatformCaller;
  readonly handlers?: { readonly [name: string]: LocalHandler | undefined };
  readonly names?: readonly string[];
}

/** What the generated index.js injects. */
export interface Dependencies extends ClientParts {
  /** The client package's `tools`: every spec tool, in spec order. */
  readonly tools: readonly ToolInfo[];
}
