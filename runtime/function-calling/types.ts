/**
 * The shapes dispatch works with. The generated index.js reads tools.json, and passes it in with
 * the client package's tool table, error test, validator and defaults, so this code never names
 * another package: every name comes from the spec.
 */
import type { ToolInfo } from "../shared/data.js";
import type { LocalHandler, PlatformCaller } from "../shared/handler.js";
import type { FunctionCallingData } from "./data.js";

export interface DispatchOptions {
  readonly client: PlatformCaller;
  readonly handlers?: { readonly [name: string]: LocalHandler | undefined };
  /** Cancels the call: the platform request is aborted, a local handler sees it aborted. */
  readonly signal?: AbortSignal;
}

/** What the generated index.js injects. */
export interface Dependencies {
  readonly data: FunctionCallingData;
  /** The client package's `tools`: every spec tool, in spec order. */
  readonly tools: readonly ToolInfo[];
  /** True for the client package's ClientError and its subclasses: errors a model can act on. */
  readonly isClientError: (error: unknown) => boolean;
  /** The client package's validateInput: the problems of an input, none when it fits. */
  readonly validateInput: (name: string, input: unknown) => string[];
  /** The client package's withDefaults: the input with its tool's schema defaults filled in. */
  readonly withDefaults: (name: string, input: unknown) => unknown;
}
