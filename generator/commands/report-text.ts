import { formatDiagnostic, type Diagnostic } from "../index.js";
import type { FileEntry, GenRun } from "./gen-run.js";
import type { Io } from "./io.js";

/** How much a report says: `quiet` only errors, `verbose` every file too. */
export interface Verbosity {
  readonly quiet: boolean;
  readonly verbose: boolean;
}

/**
 * The human report, as toolgen always printed it: problems, diffs and advice on stderr, the
 * one-line summary on stdout. `verbose` lists what the spec left unchecked and every file with its status before the summary;
 * `quiet` leaves out warnings and every line of a run that went through.
 */
export function reportText(run: GenRun, io: Io, how: Verbosity): void {
  const diagnostics = how.quiet
    ? run.diagnostics.filter((d) => d.severity === "error")
    : run.diagnostics;
  if (diagnostics.length > 0) io.err(diagnosticsText(diagnostics, run.source));
  switch (run.outcome) {
    case "invalid": {
      const errors = run.diagnostics.filter(
        (d) => d.severity === "error",
      ).length;
      io.err(`\ntoolgen: ${errors} error(s); nothing was written.\n`);
      return;
    }
    case "error":
      io.err(
        `toolgen: ${run.problem}${run.stack === undefined ? "" : `:\n${run.stack}`}\n`,
      );
      return;
    case "drift":
      if (how.verbose) io.out(notesText(run) + fileList(run));
      io.err(driftText(run));
      return;
    case "written":
    case "unchanged":
      if (how.quiet) return;
      if (how.verbose) io.out(notesText(run) + fileList(run));
      io.out(summary(run));
  }
}

/**
 * Each diagnostic with its code frame, a blank line between two of them when either shows a
 * frame, so one frame's last line never reads as the next problem's first.
 */
export function diagnosticsText(
  diagnostics: readonly Diagnostic[],
  source: (file: string) => string | undefined,
): string {
  let out = "";
  let framed = false;
  for (const [i, d] of diagnostics.entries()) {
    const text = source(d.file);
    const hasFrame = d.line !== undefined && text !== undefined;
    if (i > 0 && (framed || hasFrame)) out += "\n";
    out += `${formatDiagnostic(d, text)}\n`;
    framed = hasFrame;
  }
  return out;
}

function summary(run: GenRun): string {
  if (run.check)
    return `toolgen: ${run.shownOut}/ matches ${run.specFile} (${run.produced} files)\n`;
  const count = (status: FileEntry["status"]) =>
    run.files.filter((f) => f.status === status).length;
  return `toolgen: ${run.shownOut}/: ${count("written")} written, ${count("deleted")} deleted, ${count("unchanged")} unchanged\n`;
}

/** What the run left unchecked because the spec says so, one `note:` line each. */
function notesText(run: GenRun): string {
  return (run.notes ?? []).map((n) => `note: ${n}\n`).join("");
}

/** One line a file: its status, then its path as seen from the working folder. */
function fileList(run: GenRun): string {
  return run.files
    .map((f) => `${f.status.padEnd(9)} ${run.shownOut}/${f.path}\n`)
    .join("");
}

function driftText(run: GenRun): string {
  const shown = run.shownOut;
  const having = (status: FileEntry["status"]) =>
    run.files.filter((f) => f.status === status);
  const foreign = having("foreign");
  let out = having("changed")
    .map((f) => f.diff)
    .join("");
  for (const f of having("missing")) out += `missing: ${shown}/${f.path}\n`;
  for (const f of having("extra")) out += `extra:   ${shown}/${f.path}\n`;
  for (const f of foreign)
    out += `foreign: ${shown}/${f.path} (toolgen did not write it)\n`;
  const count = run.files.filter((f) => f.status !== "unchanged").length;
  const first =
    foreign.length > 0 ? `move the foreign files out of ${shown}/, then ` : "";
  return `${out}\ntoolgen: ${shown}/ is out of date with ${run.specFile} (${count} file(s) differ).\nTo fix this, ${first}run: ${run.fix}\n`;
}
