import path from "node:path";
import { renderPromptDocs } from "./emitters/docs/render.js";
import {
  loadTemplates,
  type TemplateInputs,
} from "./emitters/docs/templates.js";
import { emitDeclared } from "./emitters/index.js";
import type { EmitContext, GeneratedFile } from "./emitters/types.js";
import { buildModel } from "./model/build.js";
import type { Model } from "./model/types.js";
import { runtimeFolder, type RuntimeFiles } from "./runtime-files.js";
import {
  isError,
  sortDiagnostics,
  SpecError,
  type Diagnostic,
} from "./diagnostics/index.js";
import { parseSpec, type ParsedSpec, type ParseResult } from "./read/parse.js";
import { validateSpec } from "./validate/index.js";
import { checkRenderedDocs } from "./validate/rendered-docs.js";
import { MANIFEST, manifestText } from "./io/manifest.js";

export { SpecError, formatDiagnostic, type Diagnostic } from "./diagnostics/index.js";
export type { GeneratedFile } from "./emitters/types.js";
export type { Model } from "./model/types.js";
export type { TemplateInputs } from "./emitters/docs/templates.js";
export type { RuntimeFiles } from "./runtime-files.js";
export { gatherInputs, type GatherOptions } from "./io/inputs.js";
export { writeTree, ForeignFilesError, type WriteReport } from "./io/write.js";
export { checkTree, hasDrift, type Drift } from "./io/check.js";

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
  /** toolgen's compiled runtime, copied into the packages. */
  readonly runtime: RuntimeFiles;
  /** The working folder (absolute): messages show template paths inside it relative to it. */
  readonly cwd: string;
}

export interface Generated {
  readonly files: readonly GeneratedFile[];
  /** Warnings: the output is still produced. */
  readonly warnings: readonly Diagnostic[];
  /** What the run chose not to check because the spec says so (`gen --verbose` prints them). */
  readonly notes?: readonly string[];
}

/**
 * The whole generation, pure: its inputs in, every file of the output folder out (sorted by
 * path, the manifest among them). Throws SpecError with every problem found. Each stage runs
 * once: read, validate, model, render and check the prompt docs, emit.
 */
export function generate(inputs: GenerateInputs): Generated {
  const spec = readSpec(
    inputs.read ?? parseSpec(inputs.spec.file, inputs.spec.text),
  );
  const found = validateSpec(spec);
  // Rendering needs the model, which only a valid spec has; the templates' own problems are
  // reported with the spec's all the same, so that one run says everything it can.
  if (found.some(isError))
    throw new SpecError(
      sortDiagnostics([...found, ...templateProblems(spec, inputs)]),
    );
  const model = buildModel(spec.value);

  // The prompt docs are rendered, and checked, for the docs target only.
  const docs =
    model.targets.docs === null
      ? null
      : renderPromptDocs(model, inputs.templates, inputs.cwd);
  const notes: string[] = [];
  const problems =
    docs === null
      ? found
      : [
          ...found,
          ...checkRenderedDocs(spec, model, docs, (n) => notes.push(n)),
        ];
  // The warnings go along: one may explain an error (a misspelt template name leaves the default in use).
  if (problems.some(isError)) throw new SpecError(sortDiagnostics(problems));

  const ctx: EmitContext = {
    runtimeFolder: (folder) => runtimeFolder(inputs.runtime, folder),
    docs: docs === null ? null : docs.texts!,
  };
  const files = emitDeclared(model, ctx);
  files.push(manifest(files));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  assertUnique(files);
  return { files, warnings: problems, notes };
}

/** The problems of the docs templates themselves (unreadable, not compiling, unused), when the spec declares the docs target. */
function templateProblems(
  spec: ParsedSpec,
  inputs: GenerateInputs,
): readonly Diagnostic[] {
  const docs = (spec.value as { targets?: { docs?: unknown } } | null)?.targets
    ?.docs;
  if (docs === null || typeof docs !== "object") return [];
  return loadTemplates(inputs.templates, inputs.cwd).problems;
}

/** The spec read into a value and its locations; throws SpecError when it could not be read. */
function readSpec(parsed: ParseResult): ParsedSpec {
  if (!parsed.ok) throw new SpecError(parsed.diagnostics);
  return parsed.spec;
}

/** The model of a spec and the warnings it leaves (read, validate, model); throws SpecError with every problem found. */
export function loadModel(spec: SpecInput): {
  model: Model;
  warnings: Diagnostic[];
} {
  const { model, warnings } = loadSpec(spec);
  return { model, warnings };
}

/**
 * Read, validate, model, the stages gen runs, once each: the read spec, its model and the
 * warnings it leaves. Throws SpecError with every problem found. `toolgen diff` loads both its
 * sides with it.
 */
export function loadSpec(input: SpecInput): {
  spec: ParsedSpec;
  model: Model;
  warnings: Diagnostic[];
} {
  const spec = readSpec(parseSpec(input.file, input.text));
  const found = validateSpec(spec);
  if (found.some(isError)) throw new SpecError(sortDiagnostics(found));
  return { spec, model: buildModel(spec.value), warnings: found };
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

/** A spec's text as a SpecInput, naming it relative to the working folder `cwd` (absolute) in messages. */
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
