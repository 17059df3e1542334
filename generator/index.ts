// toolgen's library: the pipeline, and what reads its inputs from disk and writes its output.
// The command line (cli.ts, commands/) is built on it; nothing here prints or exits.

export {
  SpecError,
  formatDiagnostic,
  type Diagnostic,
} from "./diagnostics/index.js";
export {
  checkGenerates,
  generate,
  loadSpec,
  prepare,
  runPipeline,
} from "./pipeline.js";
export type {
  Generated,
  GeneratedFile,
  GenerateInputs,
  Loaded,
  Ready,
  SpecInput,
} from "./types.js";
export type { Model } from "./model/types.js";
export type { TemplateInputs } from "./read/templates.js";
export type { RuntimeFiles } from "./runtime-files.js";
export { gatherInputs, specInput, type GatherOptions } from "./io/inputs.js";
export {
  writeTree,
  TreeWriter,
  ForeignFilesError,
  type WriteReport,
} from "./io/write.js";
export { checkTree, hasDrift, TreeComparer, type Drift } from "./io/check.js";
