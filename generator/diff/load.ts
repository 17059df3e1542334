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
