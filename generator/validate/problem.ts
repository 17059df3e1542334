import type { Diagnostic } from "../diagnostics/index.js";
import type { JsonPath, ParsedSpec } from "../read/parse.js";
import type { Code } from "./codes.js";

/** A problem found at a path of the spec, before it is given a line and column. */
export interface Problem {
  readonly path: JsonPath;
  readonly message: string;
  /** The kind of problem, stable and kebab-case (docs/spec.md, Diagnostic codes). */
  readonly code: Code;
  /** Point at the key of the last path step rather than its value. */
  readonly key?: boolean;
  /** Point at this word inside the value (a placeholder, an old name), when the value's text holds it. */
  readonly token?: string;
  readonly severity?: "error" | "warning";
}

export function toDiagnostic(spec: ParsedSpec, p: Problem): Diagnostic {
  const { line, col, length } = spec.locate(p.path, {
    key: p.key,
    token: p.token,
  });
  return {
    severity: p.severity ?? "error",
    message: p.message,
    code: p.code,
    file: spec.file,
    line,
    col,
    length,
  };
}
