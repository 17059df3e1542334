import type { TargetName } from "../model/targets.js";
import type { Model } from "../model/types.js";
import { emitAiSdk } from "./ai-sdk/index.js";
import { emitCli } from "./cli/index.js";
import { emitClient } from "./client/index.js";
import { emitDocs } from "./docs/index.js";
import { emitFunctionCalling } from "./function-calling/index.js";
import { emitLangchain } from "./langchain/index.js";
import { emitMcp } from "./mcp/index.js";
import { emitPython } from "./python/index.js";
import type { EmitContext, Emitter, GeneratedFile } from "./types.js";

/** Every target, by the key that declares it under `targets`. A new target is one folder and one line here. */
export const emitters: readonly (readonly [TargetName, Emitter])[] = [
  ["client", emitClient],
  ["mcp", emitMcp],
  ["langchain", emitLangchain],
  ["cli", emitCli],
  ["ai_sdk", emitAiSdk],
  ["function_calling", emitFunctionCalling],
  ["docs", emitDocs],
  ["python", emitPython],
];

/** The files of the targets the spec declares, and of no other. */
export function emitDeclared(model: Model, ctx: EmitContext): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  emitEach(model, ctx, (batch) => files.push(...batch));
  return files;
}

/**
 * The same files a package at a time, each handed to `take` as soon as it is made: a run that
 * writes them as they come holds one package's text at a time, not the whole output's.
 */
export function emitEach(
  model: Model,
  ctx: EmitContext,
  take: (files: readonly GeneratedFile[]) => void,
): void {
  for (const [target, emit] of emitters)
    if (model.targets[target] !== null) take(emit(model, ctx));
}
