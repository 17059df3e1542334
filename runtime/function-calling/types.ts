/**
 * The shapes dispatch works with. The generated index.js reads tools.json, and passes it in with
 * the client package's tool table, error test, validator and defaults, so this code never names
 * another package: every name comes from the spec.
 */
import type { ToolInfo } from "../shared/data.js";
import type { ClientParts } from "../shared/client-parts.js";
import type { LocalHandler, PlatformCaller } from "../shared/handler.js";
import type { FunctionCallingData } from "./data.js";

export interface DispatchOptions {
  readonly client: PlatformCaller;
  readonly handlers?: { readonly [name: string]: LocalHandler | undefined };
  /** Cancels the call: the platform request is aborted, a local handler sees it aborted. */
  readonly signal?: AbortSignal;
}

/** What the generated index.js injects. */
export interface Dependencies extends ClientParts {
  readonly data: FunctionCallingData;
  /** The client package's `tools`: every spec tool, in spec order. */
  readonly tools: readonly ToolInfo[];
}
