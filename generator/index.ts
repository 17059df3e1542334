import path from "node:path";
import { emitters } from "./emitters/index.js";
import type { EmitContext, GeneratedFile } from "./emitters/types.js";
import { buildModel } from "./model/build.js";
import type { Model } from "./model/types.js";
import { readRuntimeFile, readRuntimeFolder } from "./runtime-files.js";
import {
  isError,
  sortDiagnostics,
  SpecError,
  type Diagnostic,
} from "./diagnostics.js";
import { parseSpec, type ParsedSpec } from "./read/parse.js";
import { toDiagnostic } from "./validate/problem.js";
import { checkSemantics } from "./validate/semantic.js";
import { checkSoundTools } from "./validate/sound-tools.js";
import { checkStructure } from "./validate/structure.js";
import { MANIFEST, manifestText } from "./io/manifest.js";

export { SpecError, formatDiagnostic, type Diagnostic } from "./diagnostics.js";
export type { GeneratedFile } from "./emitters/types.js";
export type { Model } from "./model/types.js";
export { writeTree, ForeignFilesError, type WriteReport } from "./io/write.js";
export { checkTree, hasDrift, type Drift } from "./io/check.js";

export interface SpecInput {
  /** The spec's name in messages, e.g. "tools.yaml". */
  readonly file: string;
  readonly text: string;
  /** The folder relative paths in the spec are resolved against. */
  readonly dir: string;
}

export interface GenerateOptions {
  /** Overrides the spec's own docs.templates folder (absolute). */
  readonly templates?: string;
  /** The working folder: messages show template paths inside it relative to it (default: process.cwd()). */
  readonly cwd?: string;
}

export interface Generated {
  readonly files: readonly GeneratedFile[];
  /** Warnings: the output is still produced. */
  readonly warnings: readonly Diagnostic[];
}

/** Spec text in, validated model out; throws SpecError with every problem found. */
export function loadModel(
  spec: SpecInput,
  options: GenerateOptions = {},
): { model: Model; warnings: Diagnostic[]; parsed: ParsedSpec } {
  const parsed = parseSpec(spec.file, spec.text);
  if (!parsed.ok) throw new SpecError(parsed.diagnostics);
  const located = (
    problems: { path: readonly (string | number)[]; message: string }[],
  ) => sortDiagnostics(problems.map((p) => toDiagnostic(parsed.spec, p)));

  const structural = checkStructure(parsed.spec.value);
  if (structural.length > 0)
    throw new SpecError(
      located([
        ...structural,
        ...checkSoundTools(
          parsed.spec.value,
          structural,
          spec.dir,
          parsed.spec.source,
        ),
      ]),
    );

  const { model: built, problems } = buildModel(parsed.spec.value, spec.dir);
  const model = options.templates
    ? {
        ...built,
        targets: {
          ...built.targets,
          docs: { ...built.targets.docs, templates: options.templates },
        },
      }
    : built;
  const all = located([
    ...problems,
    ...checkSemantics(model, parsed.spec.value, parsed.spec.source),
  ]);
  if (all.some(isError)) throw new SpecError(all);
  return { model, warnings: all, parsed: parsed.spec };
}

/**
 * The whole generation, pure: spec text in, every file of the output folder out
 * (sorted by path, the manifest among them). Throws SpecError on invalid input.
 */
export function generate(
  spec: SpecInput,
  options: GenerateOptions = {},
): Generated {
  const { model, warnings, parsed } = loadModel(spec, options);
  const reported: Diagnostic[] = [];
  const ctx: EmitContext = {
    cwd: options.cwd ?? process.cwd(),
    report: (d) => reported.push(d),
    reportProblem: (p) => reported.push(toDiagnostic(parsed, p)),
    runtimeFile: readRuntimeFile,
    runtimeFolder: readRuntimeFolder,
  };
  const files = emitters.flatMap((emit) => emit(model, ctx));
  const errors = reported.filter(isError);
  // The warnings go along: one may explain an error (a misspelt template name leaves the default in use).
  if (errors.length > 0)
    throw new SpecError(sortDiagnostics([...warnings, ...reported]));
  files.push(manifest(files));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  assertUnique(files);
  return {
    files,
    warnings: [...warnings, ...reported.filter((d) => !isError(d))],
  };
}

function manifest(files: readonly GeneratedFile[]): GeneratedFile {
  const paths = files.map((f) => f.path).sort();
  return { path: MANIFEST, content: manifestText(paths) };
}

function assertUnique(files: readonly GeneratedFile[]): void {
  for (let i = 1; i < files.length; i++) {
    if (files[i]!.path === files[i - 1]!.path)
      throw new Error(`two emitters produced ${files[i]!.path}`);
  }
}

/** Reads a spec from disk into a SpecInput, naming it relative to `cwd` in messages. */
export function specInput(
  specPath: string,
  text: string,
  cwd: string,
): SpecInput {
  const abs = path.resolve(cwd, specPath);
  const rel = path.relative(cwd, abs);
  return {
    file: rel && !rel.startsWith("..") ? rel.split(path.sep).join("/") : abs,
    text,
    dir: path.dirname(abs),
  };
}
