import fs from "node:fs";
import path from "node:path";
import { loadSpec, SpecError, specInput, type Diagnostic } from "../index.js";
import {
  diffSpecs,
  NO_TOOLS,
  type Change,
  type DiffSide,
} from "../breaking/index.js";
import { BaseReadError, readBase } from "../breaking/read-base.js";
import { decodeSpec } from "../read/encoding.js";
import { EXIT, type Io } from "./io.js";

export interface DiffOptions {
  /** The spec as given (relative to cwd or absolute). */
  readonly spec: string;
  /** A git ref or a file. */
  readonly against: string;
}

/**
 * How a diff ended: `compatible` (nothing breaking, or every break acknowledged), `breaking`,
 * `invalid` (a spec, current or base, has errors: `side` says which), `error` (a bad ref, a
 * file that cannot be read, a bug).
 */
export type DiffOutcome = "compatible" | "breaking" | "invalid" | "error";

export interface DiffRun {
  readonly outcome: DiffOutcome;
  readonly exit: number;
  /** The current spec's name in messages, and the base's (`origin/main:tools.yaml`, a file). */
  readonly specFile: string;
  readonly against: string;
  readonly baseFile?: string;
  readonly specPath: string;
  /** On `invalid`: the spec the errors are in. */
  readonly side?: "current" | "base";
  readonly changes: readonly Change[];
  /** Errors (on `invalid`) or warnings (the specs', unmatched acknowledgements). */
  readonly diagnostics: readonly Diagnostic[];
  readonly source: (file: string) => string | undefined;
  readonly problem?: string;
  readonly stack?: string;
}

/** One diff: reads both specs through read, validate and model, compares; prints nothing. */
export function diffRun(options: DiffOptions, io: Io): DiffRun {
  const specPath = path.resolve(io.cwd, options.spec);
  const specFile = specInput(specPath, "", io.cwd).file;
  const sources = new Map<string, string>();
  const base = {
    specFile,
    specPath,
    against: options.against,
    changes: [],
    diagnostics: [],
    source: (file: string) => sources.get(file),
  };
  const stopped = (problem: string): DiffRun => ({
    ...base,
    outcome: "error",
    exit: EXIT.invalid,
    problem,
  });
  const load = (
    file: string,
    bytes: Buffer,
    dir: string,
    side: "current" | "base",
  ): DiffSide | DiffRun => {
    try {
      const text = decodeSpec(file, bytes);
      sources.set(file, text);
      return loadSpec({ file, text, dir });
    } catch (e) {
      if (!(e instanceof SpecError)) throw e;
      if (!sources.has(file)) sources.set(file, bytes.toString("utf8"));
      return {
        ...base,
        outcome: "invalid",
        exit: EXIT.invalid,
        side,
        diagnostics: e.diagnostics,
      };
    }
  };
  try {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(specPath);
    } catch (e) {
      return stopped(
        `cannot read the spec ${specPath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
    const current = load(specFile, bytes, path.dirname(specPath), "current");
    if ("outcome" in current) return current;
    let baseBytes;
    try {
      baseBytes = readBase(options.against, specPath, specFile, io.cwd);
    } catch (e) {
      if (e instanceof BaseReadError) return stopped(e.message);
      throw e;
    }
    // A change that adds the spec compares it with no tools: every tool is added.
    const before =
      baseBytes.bytes === null
        ? NO_TOOLS
        : load(baseBytes.file, baseBytes.bytes, baseBytes.dir, "base");
    if ("outcome" in before) return { ...before, baseFile: baseBytes.file };
    const result = diffSpecs(before, current);
    const breaking = result.changes.some(
      (c) => c.class === "breaking" && c.acknowledged === undefined,
    );
    return {
      ...base,
      baseFile: baseBytes.file,
      outcome: breaking ? "breaking" : "compatible",
      exit: breaking ? EXIT.drift : EXIT.ok,
      changes: result.changes,
      diagnostics: [...current.warnings, ...result.warnings],
    };
  } catch (e) {
    return {
      ...stopped("internal error (a bug in toolgen, not in your spec)"),
      exit: EXIT.bug,
      stack: (e as Error).stack ?? String(e),
    };
  }
}
