import type { Diagnostic } from "../index.js";
import { toPosix } from "../io/tree.js";

/** Where a diagnostic is, 1-based; `end` is the last character underlined (inclusive). */
export interface Range {
  readonly line: number;
  readonly column: number;
  readonly end: { readonly line: number; readonly column: number };
}

/**
 * A diagnostic's place as a range on its line, the span clipped to the line as its code frame
 * clips the caret; null when it has no line.
 */
export function diagnosticRange(d: Diagnostic, source?: string): Range | null {
  if (d.line === undefined) return null;
  const column = d.col ?? 1;
  let span = d.length ?? 1;
  const text = source?.split(/\r?\n|\r/)[d.line - 1];
  if (text !== undefined) span = Math.min(span, text.length - (column - 1));
  span = Math.max(1, span);
  return {
    line: d.line,
    column,
    end: { line: d.line, column: column + span - 1 },
  };
}

/** A diagnostic as `--format json` reports it (gen's and diff's alike). */
export function diagnosticJson(d: Diagnostic, source?: string) {
  const range = diagnosticRange(d, source);
  return {
    severity: d.severity,
    file: toPosix(d.file),
    line: range?.line ?? null,
    column: range?.column ?? null,
    end: range?.end ?? null,
    message: d.message,
    code: d.code ?? null,
  };
}
