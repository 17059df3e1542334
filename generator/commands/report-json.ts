import path from "node:path";
import { toPosix } from "../io/tree.js";
import type { GenRun } from "./gen-run.js";
import type { Io } from "./io.js";
import { diagnosticJson } from "./report-range.js";

/**
 * `--format json`: the whole run as one JSON document on one line of stdout (so `--watch`
 * prints one document a run, as JSON Lines). Its shape (docs/commands.md, "--format"):
 *
 *   { "outcome": "written" | "unchanged" | "drift" | "invalid" | "error",
 *     "exitCode": 0 | 1 | 2 | 3, "check": boolean, "spec": string, "out": string,
 *     "diagnostics": [{ "severity": "error" | "warning", "file": string,
 *                       "line": number | null, "column": number | null,
 *                       "end": { "line": number, "column": number } | null,
 *                       "message": string, "code": string | null }],
 *     "files": [{ "path": string, "status": "written" | "deleted" | "unchanged" | "changed"
 *                 | "missing" | "extra" | "foreign", "diff"?: string }],
 *     "notes": [string], "fix": string | null, "error": string | null }
 *
 * Paths are as the text report shows them (relative to the working folder, / separated);
 * `end` is the last character the frame underlines; `code` is null for a problem that has
 * no code. `notes` are what --verbose prints as `note:` lines (the sections whose rendered texts
 * are not checked). Every diagnostic, file and note is there whatever --quiet or --verbose say.
 */
export function reportJson(run: GenRun, io: Io): void {
  const out = toPosix(run.shownOut);
  const document = {
    outcome: run.outcome,
    exitCode: run.exit,
    check: run.check,
    spec: toPosix(run.specFile),
    out,
    diagnostics: run.diagnostics.map((d) =>
      diagnosticJson(d, run.source(d.file)),
    ),
    files: run.files.map((f) => ({
      path: path.posix.join(out, f.path),
      status: f.status,
      ...(f.diff === undefined ? {} : { diff: f.diff }),
    })),
    notes: run.notes ?? [],
    fix: run.fix ?? null,
    error:
      run.problem === undefined
        ? null
        : `${run.problem}${run.stack === undefined ? "" : `:\n${run.stack}`}`,
  };
  io.out(jsonLine(document));
}

/**
 * A document as one line of JSON with no control character left raw: JSON escapes C0 itself;
 * DEL, C1 and the line separators are escaped too, so the value read back is the same.
 */
export function jsonLine(document: unknown): string {
  return `${JSON.stringify(document).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )}\n`;
}
