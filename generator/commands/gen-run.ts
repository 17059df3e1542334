import fs from "node:fs";
import path from "node:path";
import {
  ForeignFilesError,
  gatherInputs,
  prepare,
  SpecError,
  specInput,
  TreeComparer,
  TreeWriter,
  type Diagnostic,
  type Drift,
  type GenerateInputs,
  type Ready,
} from "../index.js";
import { unsafeOutDir } from "../io/guard.js";
import { lockFolder, LockHeldError } from "../io/lock.js";
import {
  MAX_SPEC_BYTES,
  readBounded,
  SpecTooLargeError,
} from "../read/bounded.js";
import { decodeSpec } from "../read/encoding.js";
import { fixCommand } from "./fix-command.js";
import { EXIT, type Io } from "./io.js";

/** What one gen run asks for: the options of the command line that matter to it. */
export interface GenOptions {
  /** The spec as given (relative to cwd or absolute). */
  readonly spec: string;
  readonly out?: string;
  readonly templates?: string;
  readonly check: boolean;
  /** How long to wait for another run to let go of the output folder (io/lock.ts's LOCK_WAIT_MS when not given). */
  readonly lockWaitMs?: number;
  /** The most bytes of the spec to read (read/bounded.ts's MAX_SPEC_BYTES when not given). */
  readonly maxSpecBytes?: number;
  /** The command line, for the fixing command a drift report names. */
  readonly argv: readonly string[];
}

/**
 * How a run ended: `written` (something was written or deleted), `unchanged` (the output was
 * already right, or --check found it so), `drift` (--check found it out of date), `invalid` (the
 * spec or a template has errors), `error` (anything else stopped the run).
 */
export type Outcome = "written" | "unchanged" | "drift" | "invalid" | "error";

/** A file's part in a run: gen writes, deletes or leaves it; --check finds it so or not. */
export type FileStatus =
  | "written"
  | "deleted"
  | "unchanged"
  | "changed"
  | "missing"
  | "extra"
  | "foreign";

export interface FileEntry {
  /** Relative to the output folder, / separated. */
  readonly path: string;
  readonly status: FileStatus;
  /** A unified diff from the disk to the spec, for a `changed` file. */
  readonly diff?: string;
}

/** Everything a reporter needs to say about one run; nothing of it printed yet. */
export interface GenRun {
  readonly outcome: Outcome;
  readonly exit: number;
  readonly check: boolean;
  /** The spec's absolute path, and its name in messages (relative to cwd). */
  readonly specPath: string;
  readonly specFile: string;
  /** The spec's text, when it could be read and decoded. */
  readonly specText?: string;
  /** What watch reads of the spec's value (its `targets`), when the spec could be read. */
  readonly specValue?: unknown;
  /** The output folder: absolute, and as shown (relative to cwd). */
  readonly outDir: string;
  readonly shownOut: string;
  /** Errors and warnings, in report order (warnings only, on a run that went through). */
  readonly diagnostics: readonly Diagnostic[];
  /** The text of a diagnostic's file, for its code frame. */
  readonly source: (file: string) => string | undefined;
  /** What the run left unchecked because the spec says so (shown by --verbose). */
  readonly notes?: readonly string[];
  /** Sorted by path. */
  readonly files: readonly FileEntry[];
  /** How many files the spec produces (the manifest among them); 0 when it produced none. */
  readonly produced: number;
  /** On drift: the command that brings the output up to date. */
  readonly fix?: string;
  /** On outcome `error`: what stopped the run (one sentence), with the stack on a bug. */
  readonly problem?: string;
  readonly stack?: string;
}

/** One gen (or --check) run: reads, generates, writes or compares; reports nothing. */
export async function genRun(options: GenOptions, io: Io): Promise<GenRun> {
  const run = startRun(options, io);
  const text = readSpecText(run, options);
  if (typeof text !== "string") return text;
  const unsafe = unsafeOutDir(run.rawOut, run.base.outDir, run.base.specPath);
  if (unsafe)
    return run.stopped(
      `refusing to use ${run.base.outDir} as the output folder: ${unsafe}. Nothing was written.`,
    );
  let inputs: GenerateInputs | undefined;
  let warnings: readonly Diagnostic[] = [];
  try {
    inputs = gatherInputs(specInput(run.base.specPath, text, io.cwd), {
      templates: options.templates
        ? path.resolve(io.cwd, options.templates)
        : undefined,
      cwd: io.cwd,
    });
    const ready = prepare(inputs);
    const value = specValue(inputs);
    // Nothing after this needs the parsed spec: let it go before the files are made.
    inputs = undefined;
    warnings = ready.warnings;
    const done: Done = {
      ...run.base,
      specText: text,
      specValue: value,
      diagnostics: warnings,
      notes: ready.notes,
    };
    return options.check
      ? await compareStep(done, ready, options, io)
      : await writeStep(done, ready, options);
  } catch (e) {
    if (e instanceof SpecError)
      return {
        ...run.invalid(e.diagnostics),
        specValue: inputs && specValue(inputs),
      };
    return failure(
      e,
      { ...run.base, specText: text, diagnostics: warnings },
      options,
    );
  }
}

/** What every report of a run holds, whatever happened. */
type Base = Omit<GenRun, "outcome" | "exit" | "diagnostics">;
/** A run that generated its files: all but what comparing or writing them says. */
type Done = Omit<GenRun, "outcome" | "exit" | "files">;

/** A run begun: where its spec and output are, and how it says that it stopped or found errors. */
interface Started {
  readonly base: Base;
  /** --out as given, for the output folder's guard. */
  readonly rawOut: string;
  readonly sources: Map<string, string>;
  stopped(problem: string, exit?: number): GenRun;
  invalid(diagnostics: readonly Diagnostic[]): GenRun;
}

function startRun(options: GenOptions, io: Io): Started {
  const specPath = path.resolve(io.cwd, options.spec);
  const rawOut = options.out ?? path.join(path.dirname(specPath), "generated");
  const outDir = path.resolve(io.cwd, rawOut);
  const specFile = specInput(specPath, "", io.cwd).file;
  const sources = new Map<string, string>();
  const base: Base = {
    check: options.check,
    specPath,
    specFile,
    outDir,
    shownOut: path.relative(io.cwd, outDir) || ".",
    source: (file: string) => sources.get(file) ?? readQuietly(file, io.cwd),
    files: [],
    produced: 0,
  };
  return {
    base,
    rawOut,
    sources,
    stopped: (problem, exit = EXIT.invalid) => ({
      ...base,
      outcome: "error",
      exit,
      diagnostics: [],
      problem,
    }),
    invalid: (diagnostics) => ({
      ...base,
      specText: sources.get(specFile),
      outcome: "invalid",
      exit: EXIT.invalid,
      diagnostics,
    }),
  };
}

/** The spec's text, read within its bound and decoded; or the run, stopped, saying why not. */
function readSpecText(run: Started, options: GenOptions): string | GenRun {
  const { specPath, specFile } = run.base;
  let bytes: Buffer;
  const limit = options.maxSpecBytes ?? MAX_SPEC_BYTES;
  try {
    bytes = readBounded(specPath, limit);
  } catch (e) {
    if (e instanceof SpecTooLargeError)
      return run.stopped(
        `the spec ${specFile} holds more than ${limit} bytes, the most toolgen reads (${limit === MAX_SPEC_BYTES ? "by default" : "--max-spec-bytes"}); it was not read further. Pass --max-spec-bytes <n> to allow a larger spec. Nothing was written.`,
      );
    return run.stopped(
      `cannot read the spec ${specPath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  try {
    const text = decodeSpec(specFile, bytes);
    run.sources.set(specFile, text);
    return text;
  } catch (e) {
    if (!(e instanceof SpecError)) throw e;
    run.sources.set(specFile, bytes.toString("utf8"));
    return run.invalid(e.diagnostics);
  }
}

/**
 * What watch reads of the spec's value (its `targets`), when the spec could be read: only that,
 * so that the run lets go of the whole value (hundreds of MB for a spec near the size cap) once
 * the pipeline is done with it, before the files are written.
 */
function specValue(inputs: GenerateInputs): unknown {
  if (!inputs.read?.ok) return undefined;
  const value = inputs.read.spec.value;
  return value !== null && typeof value === "object" && "targets" in value
    ? { targets: value.targets }
    : {};
}

/**
 * --check: the output folder compared with the files, a package at a time as each is made;
 * drift names the command that fixes it.
 */
async function compareStep(
  done: Done,
  ready: Ready,
  options: GenOptions,
  io: Io,
): Promise<GenRun> {
  const comparer = new TreeComparer(done.outDir);
  const paths = ready.emit((files) => comparer.take(files));
  const drift = await comparer.finish();
  const entries = checkEntries(paths, drift);
  if (entries.every((f) => f.status === "unchanged"))
    return {
      ...done,
      produced: paths.length,
      outcome: "unchanged",
      exit: EXIT.ok,
      files: entries,
    };
  return {
    ...done,
    produced: paths.length,
    outcome: "drift",
    exit: EXIT.drift,
    files: entries,
    fix: fixCommand(options.argv, io.env ?? {}),
  };
}

/**
 * gen: the files written under the output folder's lock, one run at a time, a package at a time
 * as each is made (a run holds one package's text, not the whole output's).
 */
async function writeStep(
  done: Done,
  ready: Ready,
  options: GenOptions,
): Promise<GenRun> {
  // One run writes the folder at a time: another run's sweep would take this one's files away.
  const release = await lockFolder(done.outDir, options.lockWaitMs);
  let report;
  let produced;
  try {
    const writer = new TreeWriter(done.outDir);
    produced = ready.emit((files) => writer.take(files)).length;
    report = writer.finish();
  } finally {
    release();
  }
  const entries = byPath([
    ...report.written.map((p) => ({ path: p, status: "written" as const })),
    ...report.deleted.map((p) => ({ path: p, status: "deleted" as const })),
    ...report.unchanged.map((p) => ({ path: p, status: "unchanged" as const })),
  ]);
  const touched = report.written.length + report.deleted.length > 0;
  return {
    ...done,
    produced,
    outcome: touched ? "written" : "unchanged",
    exit: EXIT.ok,
    files: entries,
  };
}

/** What stopped a run after its spec was read: the lock, foreign files, the disk, or a bug. */
function failure(
  e: unknown,
  after: Omit<GenRun, "outcome" | "exit">,
  options: GenOptions,
): GenRun {
  const stopped = (problem: string, exit: number = EXIT.invalid): GenRun => ({
    ...after,
    outcome: "error",
    exit,
    problem,
  });
  if (e instanceof LockHeldError)
    return stopped(
      `cannot write ${after.shownOut}/: ${e.message}. Nothing was written.`,
    );
  if (e instanceof ForeignFilesError) {
    const advice = e.owned
      ? "Move them out of that folder"
      : "Empty that folder or choose another --out";
    return stopped(
      `refusing to write: ${e.message}. ${advice}. Nothing was written.`,
    );
  }
  const fsError = e as NodeJS.ErrnoException;
  // The disk said no (a file where a folder belongs, no permission, no space): no bug of toolgen's.
  if (typeof fsError.code === "string" && typeof fsError.syscall === "string")
    return stopped(
      `cannot ${options.check ? "read" : "write"} ${after.shownOut}/: ${fsError.message}`,
    );
  return {
    ...stopped("internal error (a bug in toolgen, not in your spec)", EXIT.bug),
    stack: (e as Error).stack ?? String(e),
  };
}

/** Every file --check looked at: the produced ones (unchanged or not) and the ones it found besides. */
function checkEntries(paths: readonly string[], drift: Drift): FileEntry[] {
  const found = new Map<string, FileEntry>();
  for (const c of drift.changed)
    found.set(c.path, { path: c.path, status: "changed", diff: c.diff });
  for (const p of drift.missing) found.set(p, { path: p, status: "missing" });
  for (const p of drift.extra) found.set(p, { path: p, status: "extra" });
  for (const p of drift.foreign) found.set(p, { path: p, status: "foreign" });
  for (const p of paths)
    if (!found.has(p)) found.set(p, { path: p, status: "unchanged" });
  return byPath([...found.values()]);
}

function byPath(entries: FileEntry[]): FileEntry[] {
  return entries.sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
}

function readQuietly(file: string, cwd: string): string | undefined {
  try {
    return fs.readFileSync(path.resolve(cwd, file), "utf8");
  } catch {
    return undefined;
  }
}
