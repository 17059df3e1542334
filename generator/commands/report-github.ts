import fs from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../index.js";
import { toPosix } from "../io/tree.js";
import type { FileEntry, GenRun } from "./gen-run.js";
import type { Io } from "./io.js";
import { diagnosticRange } from "./report-range.js";
import { reportText, type Verbosity } from "./report-text.js";
import { printable } from "../../runtime/shared/printable.js";

/**
 * `--format github`: one workflow command a problem on stdout, which GitHub Actions turns into
 * an annotation on the file and line (`::error file=…,line=…,col=…,endColumn=…,title=toolgen::…`,
 * warnings as `::warning`), one a drifted file under --check, then the text report as usual
 * for the log (frames, diffs, the summary), each message on one line.
 */
export function reportGithub(run: GenRun, io: Io, how: Verbosity): void {
  const root = repositoryRoot(run.specPath, io);
  const file = (p: string) =>
    toPosix(path.relative(root, path.resolve(io.cwd, p)));
  let out = "";
  for (const d of run.diagnostics) {
    if (how.quiet && d.severity !== "error") continue;
    const range = diagnosticRange(d, run.source(d.file));
    out += command(
      d.severity,
      {
        file: file(d.file),
        line: range?.line,
        col: range?.column,
        endColumn: range?.end.column,
        title: "toolgen",
      },
      d.message,
    );
  }
  if (run.outcome === "drift")
    for (const f of run.files) {
      if (f.status === "unchanged") continue;
      const shown = file(path.join(run.outDir, f.path));
      out += command(
        "error",
        { file: shown, title: "toolgen" },
        driftMessage(f, shown, run),
      );
    }
  if (run.outcome === "error")
    out += command(
      "error",
      { file: file(run.specPath), title: "toolgen" },
      `toolgen: ${run.problem}`,
    );
  io.out(out);
  // GitHub reads commands on stderr too: in the log, a message's line breaks are shown as \n, so
  // no line of text from the spec begins a command of its own.
  const oneLine = (d: Diagnostic) => ({
    ...d,
    message: d.message.replace(/\r\n|\r|\n/g, (b) =>
      b === "\n" ? "\\n" : b === "\r" ? "\\r" : "\\r\\n",
    ),
  });
  reportText({ ...run, diagnostics: run.diagnostics.map(oneLine) }, io, how);
}

function driftMessage(f: FileEntry, shown: string, run: GenRun): string {
  const spec = run.specFile;
  const fix = `run: ${run.fix}`;
  switch (f.status) {
    case "missing":
      return `${shown} is missing: ${spec} produces it; ${fix}`;
    case "extra":
      return `${shown} is no longer produced by ${spec}; ${fix}`;
    case "foreign":
      return `${shown} was not written by toolgen: move it out of ${toPosix(run.shownOut)}/, then ${fix}`;
    default:
      return `${shown} differs from what ${spec} produces; ${fix}`;
  }
}

/** `::<kind> <properties>::<message>`, each part escaped as GitHub reads it back. */
export function command(
  kind: "error" | "warning" | "notice",
  properties: Record<string, string | number | undefined>,
  message: string,
): string {
  const props = Object.entries(properties)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(",");
  return `::${kind}${props ? ` ${props}` : ""}::${escapeData(message)}\n`;
}

/**
 * A message: `%`, CR and LF escaped, so text from the spec can never start a line of its own,
 * and every other control character written as an escape, so none reaches the log raw.
 */
export function escapeData(text: string): string {
  return text
    .replace(/[^\r\n]+/g, printable)
    .replaceAll("%", "%25")
    .replaceAll("\r", "%0D")
    .replaceAll("\n", "%0A");
}

/** A property value: as a message, and `:` and `,` too. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

/**
 * What `file=` is relative to, so GitHub finds the file in the checkout: GITHUB_WORKSPACE when
 * set, else the nearest folder above the spec that holds `.git`, else the working folder.
 */
export function repositoryRoot(specPath: string, io: Io): string {
  const workspace = io.env?.GITHUB_WORKSPACE;
  if (workspace) return path.resolve(io.cwd, workspace);
  for (let dir = path.dirname(specPath); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, ".git"))) return dir;
    if (path.dirname(dir) === dir) return io.cwd;
  }
}
