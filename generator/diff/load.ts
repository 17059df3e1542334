import {
  isError,
  sortDiagnostics,
  SpecError,
  type Diagnostic,
} from "../diagnostics.js";
import type { SpecInput } from "../index.js";
import { buildModel } from "../model/build.js";
import type { Model } from "../model/types.js";
import { parseSpec, type ParsedSpec } from "../read/parse.js";
import { validateSpec } from "../validate/index.js";

/** One side of a diff: the read spec (for places and raw keys), its model, its warnings. */
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

/** Read, validate, model: the stages gen runs, once each. Throws SpecError with every problem found. */
export function loadSide(input: SpecInput): DiffSide {
  const parsed = parseSpec(input.file, input.text);
  if (!parsed.ok) throw new SpecError(parsed.diagnostics);
  const found = validateSpec(parsed.spec);
  if (found.some(isError)) throw new SpecError(sortDiagnostics(found));
  return {
    spec: parsed.spec,
    model: buildModel(parsed.spec.value),
    warnings: found,
  };
}
