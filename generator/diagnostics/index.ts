import { printable } from "../../runtime/shared/printable.js";
import { UNPRINTABLE } from "./hidden.js";

/** A problem found in the spec, located in its source text. */
export interface Diagnostic {
  readonly severity: "error" | "warning";
  readonly message: string;
  /** A stable, machine-readable kind of problem (e.g. for `--format json`), when known. */
  readonly code?: string;
  /** The file the problem is in (as given by the caller, e.g. "tools.yaml"). */
  readonly file: string;
  /** 1-based line and column; absent when the problem has no place in a file. */
  readonly line?: number;
  readonly col?: number;
  /** How many characters to underline, from col, on that line. */
  readonly length?: number;
}

/** The user's input was wrong: reported without a stack trace, exit code 2. */
export class SpecError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    super(`${diagnostics.length} problem(s) in the spec`);
    this.name = "SpecError";
    this.diagnostics = diagnostics;
  }
}

export function isError(d: Diagnostic): boolean {
  return d.severity === "error";
}

/** Orders diagnostics by file and position so reports read top to bottom. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.col ?? 0) - (b.col ?? 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}

/**
 * `file:line:col: message` followed by a code frame of the offending line.
 * `source` is the text of `d.file`, when known. The checks quote what they take from the spec
 * (diagnostics/quoted.ts); whatever control character a message or a file name still holds is
 * escaped here, line breaks included, so that no line of the report is forged or hidden.
 */
export function formatDiagnostic(d: Diagnostic, source?: string): string {
  const where = d.line ? `${d.file}:${d.line}:${d.col ?? 1}` : d.file;
  const label = d.severity === "warning" ? "warning: " : "";
  const head = printable(`${where}: ${label}${d.message}`);
  if (!d.line || source === undefined) return head;
  return `${head}\n${codeFrame(source, d.line, d.col ?? 1, d.length ?? 1)}`;
}

const CONTEXT = 1;

/** The last source's lines: a report of thousands of problems splits the spec once, not once each. */
let split: { source: string; lines: readonly string[] } | undefined;

function linesOf(source: string): readonly string[] {
  if (split?.source !== source)
    split = { source, lines: source.split(/\r?\n|\r/) };
  return split.lines;
}

/** A few lines around `line` with a caret under the offending text. */
export function codeFrame(
  source: string,
  line: number,
  col: number,
  length: number,
): string {
  const lines = linesOf(source);
  const first = Math.max(1, line - CONTEXT);
  const last = Math.min(lines.length, line + CONTEXT);
  const width = String(last).length;
  const out: string[] = [];
  // A very long line (a minified value, 5,000 brackets) is shown as a window around the column.
  const caretAt = visible((lines[line - 1] ?? "").slice(0, col - 1)).length;
  const long = visible(lines[line - 1] ?? "").length > FRAME_WIDTH;
  const from =
    long && caretAt > FRAME_WIDTH / 2 ? caretAt - FRAME_WIDTH / 4 : 0;
  const clip = (text: string) => {
    if (from > 0 && text.length <= from) return "";
    const cut = text.slice(from, from + FRAME_WIDTH);
    return `${from > 0 ? "…" : ""}${cut}${from + FRAME_WIDTH < text.length ? "…" : ""}`;
  };
  for (let n = first; n <= last; n++) {
    const whole = visible(lines[n - 1] ?? "");
    const text = clip(whole);
    const gutter = String(n).padStart(width);
    out.push(`${n === line ? ">" : " "} ${gutter} |${text ? " " + text : ""}`);
    if (n === line) {
      const before = caretAt - from + (from > 0 ? 1 : 0);
      const span = Math.max(
        1,
        Math.min(
          length,
          whole.length - caretAt,
          FRAME_WIDTH - (caretAt - from),
        ),
      );
      out.push(
        `  ${" ".repeat(width)} | ${" ".repeat(before)}${"^".repeat(span)}`,
      );
    }
  }
  return out.join("\n");
}

/** Characters of a source line a frame shows at most. */
const FRAME_WIDTH = 160;

/** Shows control and invisible characters as escapes, so a frame never hides or reorders text. */
function visible(text: string): string {
  return text
    .replace(UNPRINTABLE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
    .replace(/\t/g, "→");
}
