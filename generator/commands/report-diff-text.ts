import { formatDiagnostic } from "../index.js";
import type { Change } from "../breaking/index.js";
import type { DiffRun } from "./diff-run.js";
import type { Io } from "./io.js";
import { diagnosticsText } from "./report-text.js";

/**
 * The human report of a diff: each change on stdout as `file:line:col: class: message [name]`,
 * an unacknowledged break with its code frame, then a one-line summary; problems on stderr.
 * `quiet` leaves out the compatible changes and the warnings.
 */
export function reportDiffText(run: DiffRun, io: Io, quiet: boolean): void {
  const diagnostics = quiet
    ? run.diagnostics.filter((d) => d.severity === "error")
    : run.diagnostics;
  if (run.outcome === "invalid") {
    const errors = run.diagnostics.filter((d) => d.severity === "error").length;
    const where =
      run.side === "base"
        ? `the spec at '${run.against}' (${run.baseFile})`
        : run.specFile;
    io.err(diagnosticsText(diagnostics, run.source));
    io.err(
      `\ntoolgen diff: ${errors} error(s) in ${where}; nothing was compared.\n`,
    );
    return;
  }
  if (diagnostics.length > 0) io.err(diagnosticsText(diagnostics, run.source));
  if (run.outcome === "error") {
    io.err(
      `toolgen diff: ${run.problem}${run.stack === undefined ? "" : `:\n${run.stack}`}\n`,
    );
    return;
  }
  let out = "";
  for (const c of run.changes) {
    if (quiet && c.class === "compatible") continue;
    out += `${changeText(c, run.source(c.file))}\n`;
  }
  io.out(out + summary(run));
}

/** One change as a located line; an unacknowledged break with its code frame. */
export function changeText(c: Change, source?: string): string {
  const label =
    c.acknowledged !== undefined
      ? `breaking, acknowledged (${c.acknowledged})`
      : c.class;
  const framed = c.class === "breaking" && c.acknowledged === undefined;
  return formatDiagnostic(
    {
      severity: "error",
      file: c.file,
      line: c.line,
      col: c.col,
      length: c.length,
      message: `${label}: ${c.message} [${c.change}]`,
    },
    framed ? source : undefined,
  );
}

function summary(run: DiffRun): string {
  const breaking = run.changes.filter((c) => c.class === "breaking");
  const acknowledged = breaking.filter((c) => c.acknowledged !== undefined);
  const compatible = run.changes.length - breaking.length;
  const texts = run.changes.filter((c) => c.delta !== undefined);
  const delta = texts.reduce((n, c) => n + c.delta!, 0);
  const grew =
    texts.length === 0
      ? ""
      : `; ${texts.length} text(s) changed, ${delta > 0 ? "+" : delta < 0 ? "" : "±"}${delta} characters`;
  const head = `toolgen diff: ${run.specFile} against ${run.baseFile}: ${breaking.length} breaking${acknowledged.length > 0 ? ` (${acknowledged.length} acknowledged)` : ""}, ${compatible} compatible${grew}`;
  if (run.outcome !== "breaking") return `${head}\n`;
  return `${head}\nA change above breaks agents or callers already deployed: undo it, or acknowledge it for this release in acknowledged_breaks ({ tool, change, reason }).\n`;
}
