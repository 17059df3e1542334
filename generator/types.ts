import type { Diagnostic } from "./diagnostics/index.js";
import type { Model } from "./model/types.js";
import type { ParsedSpec, ParseResult } from "./read/parse.js";
import type { TemplateInputs } from "./read/templates.js";
import type { RuntimeFiles } from "./runtime-files.js";

// What the pipeline (pipeline.ts) takes and gives: io/ gathers the one and writes the other.

export interface SpecInput {
  /** The spec's name in messages, e.g. "tools.yaml". */
  readonly file: string;
  readonly text: string;
  /** The folder (absolute) relative paths in the spec are resolved against. */
  readonly dir: string;
}

/** Everything generate() reads: io/inputs.ts gathers it from disk (gatherInputs). */
export interface GenerateInputs {
  readonly spec: SpecInput;
  /**
   * The spec's text already read (gatherInputs reads it once, to find its templates setting);
   * generate() reads `spec.text` itself when it is absent.
   */
  readonly read?: ParseResult;
  /** toolgen's own templates, and the user's folder (--templates or targets.docs.templates). */
  readonly templates: TemplateInputs;
  /** toolgen's bundled runtime, by kind, copied into the client package. */
  readonly runtime: RuntimeFiles;
  /** The working folder (absolute): messages show template paths inside it relative to it. */
  readonly cwd: string;
}

/** A spec taken as far as its model: the read spec (for places and raw keys), the model, the warnings. */
export interface Loaded {
  readonly spec: ParsedSpec;
  readonly model: Model;
  readonly warnings: Diagnostic[];
}

/** One file of the output, its path relative to the output folder, always with / separators. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}

/**
 * A spec that passed every check, its files still to be made: `emit` hands them to `take` a
 * package at a time, the manifest last, and returns every path (gen writes them as they come).
 */
export interface Ready {
  readonly warnings: readonly Diagnostic[];
  readonly notes: readonly string[];
  emit(take: (files: readonly GeneratedFile[]) => void): readonly string[];
}

export interface Generated {
  readonly files: readonly GeneratedFile[];
  /** Warnings: the output is still produced. */
  readonly warnings: readonly Diagnostic[];
  /** What the run chose not to check because the spec says so (`gen --verbose` prints them). */
  readonly notes?: readonly string[];
}
