import path from "node:path";
import { toPosix } from "../io/tree.js";
import type { DiffRun } from "./diff-run.js";
import type { Io } from "./io.js";
import { command, repositoryRoot } from "./report-github.js";
import { diagnosticRange } from "./report-range.js";
import { reportDiffText } from "./report-diff-text.js";

/**
 * `toolgen diff --format github`: one annotation a change (an unacknowledged break as an error,
 * an acknowledged one as a warning, a compatible one as a notice) and a problem, then the text
 * report for the log. A problem of the base spec is annotated on the current spec's file, its
 * place at the base in the message (that text is not in the checkout).
 */
export function reportDiffGithub(run: DiffRun, io: Io, quiet: boolean): void {
  const root = repositoryRoot(run.specPath, io);
  const inCheckout = (file: string) =>
    toPosix(path.relative(root, path.resolve(io.cwd, file)));
  const oneLine = (text: string) => text.replace(/\r\n|\r|\n/g, " ");
  let out = "";
  for (const d of run.diagnostics) {
    if (quiet && d.severity !== "error") continue;
    const atBase = run.side === "base";
    const range = atBase ? null : diagnosticRange(d, run.source(d.file));
    out += command(
      d.severity,
      {
        file: inCheckout(atBase ? run.specFile : d.file),
        line: range?.line,
        col: range?.column,
        endColumn: range?.end.column,
        title: "toolgen diff",
      },
      atBase
        ? `${d.file}${d.line === undefined ? "" : `:${d.line}:${d.col ?? 1}`}: ${oneLine(d.message)}`
        : oneLine(d.message),
    );
  }
  for (const c of run.changes) {
    if (quiet && c.class === "compatible") continue;
    const kind =
      c.class === "compatible"
        ? "notice"
        : c.acknowledged === undefined
          ? "error"
          : "warning";
    const range = diagnosticRange(
      { ...c, severity: "error" },
      run.source(c.file),
    );
    out += command(
      kind,
      {
        file: inCheckout(c.file),
        line: range?.line,
        col: range?.column,
        endColumn: range?.end.column,
        title: `toolgen diff: ${c.change}`,
      },
      `${c.acknowledged === undefined ? c.class : `breaking, acknowledged (${c.acknowledged})`}: ${c.message}`,
    );
  }
  if (run.outcome === "error")
    out += command(
      "error",
      { file: inCheckout(run.specFile), title: "toolgen diff" },
      `toolgen diff: ${run.problem}`,
    );
  io.out(out);
  reportDiffText(run, io, quiet);
}
