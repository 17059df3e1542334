import type { Diagnostic } from "../diagnostics.js";
import type { JsonPath, ParsedSpec } from "../read/parse.js";

/** A problem found at a path of the spec, before it is given a line and column. */
export interface Problem {
  readonly path: JsonPath;
  readonly message: string;
  /** Point at the key of the last path step rather than its value. */
  readonly key?: boolean;
  readonly severity?: "error" | "warning";
}

export function toDiagnostic(spec: ParsedSpec, p: Problem): Diagnostic {
  return {
    severity: p.severity ?? "error",
    message: p.message,
    file: spec.file,
    ...spec.locate(p.path, { key: p.key }),
  };
}
