import { isError, sortDiagnostics, SpecError } from "./diagnostics/index.js";
import { emitEach } from "./emitters/index.js";
import type { EmitContext } from "./emitters/types.js";
import { MANIFEST, manifestText } from "./io/manifest.js";
import { buildModel } from "./model/build.js";
import { renderPromptDocs } from "./prompt-docs/render.js";
import { parseSpec, type ParsedSpec } from "./read/parse.js";
import type { TemplateInputs } from "./read/templates.js";
import { runtimeKind, type RuntimeFiles } from "./runtime-files.js";
import type {
  Generated,
  GeneratedFile,
  GenerateInputs,
  Loaded,
  Ready,
  SpecInput,
} from "./types.js";
import { validateSpec } from "./validate/index.js";
import { checkRenderedDocs } from "./validate/rendered-docs.js";
import { checkTemplates } from "./validate/templates/index.js";

/** What the pipeline reads to go as far as the model; the files need the rest of GenerateInputs. */
export interface ModelInputs {
  readonly spec: SpecInput;
  readonly read?: GenerateInputs["read"];
  readonly templates?: TemplateInputs;
  readonly runtime?: RuntimeFiles;
  readonly cwd?: string;
}

/**
 * The one pipeline, pure: read → validate (the spec, and the docs templates when the files are
 * asked for) → model, then, for the files, render the prompt docs → check what they rendered →
 * emit. Each stage runs once. gen, --check and watch ask for the files (generate), diff and the
 * tests of a model for the model (loadSpec), import for every check but no files (checkGenerates). Throws SpecError with every problem found.
 */
export function runPipeline(inputs: ModelInputs, until: "model"): Loaded;
export function runPipeline(inputs: GenerateInputs, until: "checked"): Loaded;
export function runPipeline(
  inputs: GenerateInputs,
  until: "ready",
): Loaded & Ready;
export function runPipeline(
  inputs: ModelInputs,
  until: "model" | "checked" | "ready",
): Loaded | (Loaded & Ready) {
  const read = inputs.read ?? parseSpec(inputs.spec.file, inputs.spec.text);
  if (!read.ok) throw new SpecError(read.diagnostics);
  const spec = read.spec;
  const found = validateSpec(spec);
  // The templates are checked with the spec, before anything renders, so that one run reports
  // both; rendering waits for the model, which only a valid spec has.
  const templates =
    until !== "model" && declaresDocs(spec)
      ? checkTemplates(inputs.templates!, inputs.cwd!)
      : null;
  const checked =
    templates === null ? found : [...found, ...templates.problems];
  if (checked.some(isError)) throw new SpecError(sortDiagnostics(checked));
  const model = buildModel(spec.value);
  if (until === "model") return { spec, model, warnings: found };

  // The prompt docs are rendered, and their texts checked, for the docs and Python targets only.
  const docs =
    templates?.templates == null
      ? null
      : renderPromptDocs(model, templates.templates);
  const notes: string[] = [];
  const problems =
    docs === null
      ? checked
      : [
          ...checked,
          ...checkRenderedDocs(spec, model, docs, (n) => notes.push(n)),
        ];
  // The warnings go along: one may explain an error (a misspelt template name leaves the default in use).
  if (problems.some(isError)) throw new SpecError(sortDiagnostics(problems));
  if (until === "checked") return { spec, model, warnings: problems };

  const runtime = inputs.runtime!;
  const ctx: EmitContext = {
    runtimeKind: (kind) => runtimeKind(runtime, kind),
    docs: docs === null ? null : docs.texts!,
  };
  const emit = (take: (files: readonly GeneratedFile[]) => void) => {
    const paths = new Set<string>();
    emitEach(model, ctx, (files) => {
      for (const f of files) {
        if (paths.has(f.path))
          throw new Error(`two emitters produced ${f.path}`);
        paths.add(f.path);
      }
      take(files);
    });
    const sorted = [...paths].sort();
    take([{ path: MANIFEST, content: manifestText(sorted) }]);
    return [...sorted, MANIFEST].sort();
  };
  return { spec, model, warnings: problems, notes, emit };
}

/** The whole generation: its inputs in, every file of the output folder out (sorted by path, the manifest among them). */
export function generate(inputs: GenerateInputs): Generated {
  const { emit, warnings, notes } = runPipeline(inputs, "ready");
  const files: GeneratedFile[] = [];
  emit((batch) => files.push(...batch));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, warnings, notes };
}

/**
 * Every check gen makes, and nothing emitted: the files still to be made, a package at a time
 * (Ready). gen writes (or compares) each package as it comes, holding one package's text at a
 * time rather than the whole output's (near the size cap, about 100 MB of text).
 */
export function prepare(inputs: GenerateInputs): Ready {
  const { emit, warnings, notes } = runPipeline(inputs, "ready");
  return { emit, warnings, notes };
}

/**
 * Every check gen makes, and nothing written or emitted: whether gen would generate the spec.
 * Emitting only writes out what the checks passed (no emitter refuses a spec), so a spec that
 * passes here generates. `toolgen import` asks this before it writes a spec.
 */
export function checkGenerates(inputs: GenerateInputs): Loaded {
  return runPipeline(inputs, "checked");
}

/** Read, validate, model: a spec taken as far as its model. `toolgen diff` loads both its sides so. */
export function loadSpec(input: SpecInput): Loaded {
  return runPipeline({ spec: input }, "model");
}

/**
 * Whether the spec declares a target that holds the prompt docs (whatever else is wrong with
 * it): the docs package, or the Python package, whose `prompts` module holds the same texts.
 */
function declaresDocs(spec: ParsedSpec): boolean {
  const targets = (spec.value as { targets?: Record<string, unknown> } | null)
    ?.targets;
  return [targets?.docs, targets?.python].some(
    (t) => t !== null && typeof t === "object",
  );
}
