/**
 * The shapes the AI SDK runtime works with. The generated index.js passes in the client
 * package's tool table, its error test, its input validator and its defaults, so this code never
 * names another package: every name comes from the spec.
 */
import type { ToolInfo } from "../shared/data.js";
import type { LocalHandler, PlatformCaller } from "../shared/handler.js";

export interface CreateToolsOptions {
  readonly client: PlatformCaller;
  readonly handlers?: { readonly [name: string]: LocalHandler | undefined };
  readonly names?: readonly string[];
}

/** What the generated index.js injects. */
export interface Dependencies {
  /** The client package's `tools`: every spec tool, in spec order. */
  readonly tools: readonly ToolInfo[];
  /**
   * True for the errors a model can act on: the platform refused, timed out or could not be
   * reached, or a workspace is unknown (the client package's ClientError and its subclasses).
   */
  readonly isClientError: (error: unknown) => boolean;
  /** The client package's validateInput: the problems of an input, none when it fits. */
  readonly validateInput: (name: string, input: unknown) => string[];
  /** The client package's withDefaults: the input with its tool's schema defaults filled in. */
  readonly withDefaults: (name: string, input: unknown) => unknown;
}
