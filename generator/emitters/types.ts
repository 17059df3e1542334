import type { Diagnostic } from "../diagnostics.js";
import type { Model } from "../model/types.js";
import type { Problem } from "../validate/problem.js";

/** One file of the output, its path relative to the output folder, always with / separators. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}

export interface EmitContext {
  /** The working folder: messages show the paths inside it relative to it. */
  readonly cwd: string;
  /** Reports a problem found while emitting (e.g. in a template). */
  report(diagnostic: Diagnostic): void;
  /** Reports a problem at a path of the spec; it is located in tools.yaml like the spec's own problems. */
  reportProblem(problem: Problem): void;
  /** The text of a hand-written runtime file, by its path under dist/runtime/. */
  runtimeFile(path: string): string;
  /** Every runtime file under a folder of dist/runtime/, by path relative to that folder, sorted. */
  runtimeFolder(folder: string): readonly { path: string; content: string }[];
}

/** Every target is one of these: the model in, its files out. */
export type Emitter = (model: Model, ctx: EmitContext) => GeneratedFile[];
