import type { Diagnostic } from "../diagnostics/index.js";
import type { Model } from "../model/types.js";
import type { ParsedSpec } from "../read/parse.js";

/** One side of a diff: a spec the pipeline took as far as its model (loadSpec). */
export interface DiffSide {
  readonly spec: ParsedSpec;
  readonly model: Model;
  readonly warnings: readonly Diagnostic[];
}

/** What the comparison reads of each side: the tools of its model and its raw value. */
export interface ToolSurface {
  readonly spec: Pick<ParsedSpec, "value">;
  readonly model: Pick<Model, "tools">;
}

/** The base of a change that adds the spec (it does not exist at the base): no tools. */
export const NO_TOOLS: ToolSurface = {
  spec: { value: { tools: [] } },
  model: { tools: [] },
};
