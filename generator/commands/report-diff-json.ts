import { toPosix } from "../io/tree.js";
import type { DiffRun } from "./diff-run.js";
import type { Io } from "./io.js";
import { diagnosticJson } from "./report-range.js";
import { jsonLine } from "./report-json.js";

/**
 * `toolgen diff --format json`: the whole diff as one JSON document on one line of stdout
 * (docs/breaking-changes.md):
 *
 *   { "outcome": "compatible" | "breaking" | "invalid" | "error", "exitCode": 0 | 1 | 2 | 3,
 *     "spec": string, "against": string, "base": string | null,
 *     "invalidSpec": "current" | "base" | null,
 *     "changes": [{ "class": "breaking" | "compatible", "change": string, "tool": string,
 *                   "input": string | null, "message": string, "location": "file:line:col",
 *                   "file": string, "line": number, "column": number,
 *                   "delta": number | null, "acknowledged": string | null }],
 *     "diagnostics": [as gen --format json has them], "error": string | null }
 */
export function reportDiffJson(run: DiffRun, io: Io): void {
  const document = {
    outcome: run.outcome,
    exitCode: run.exit,
    spec: toPosix(run.specFile),
    against: run.against,
    base: run.baseFile ?? null,
    invalidSpec: run.side ?? null,
    changes: run.changes.map((c) => ({
      class: c.class,
      change: c.change,
      tool: c.tool,
      input: c.input ?? null,
      message: c.message,
      location: `${toPosix(c.file)}:${c.line}:${c.col}`,
      file: toPosix(c.file),
      line: c.line,
      column: c.col,
      delta: c.delta ?? null,
      acknowledged: c.acknowledged ?? null,
    })),
    diagnostics: run.diagnostics.map((d) =>
      diagnosticJson(d, run.source(d.file)),
    ),
    error:
      run.problem === undefined
        ? null
        : `${run.problem}${run.stack === undefined ? "" : `:\n${run.stack}`}`,
  };
  io.out(jsonLine(document));
}
