import type { Model } from "../model/types.js";
import type { RuntimeFile } from "../runtime-files.js";
import type { DocTexts } from "../prompt-docs/types.js";

import type { GeneratedFile } from "../types.js";

export type { GeneratedFile } from "../types.js";

/** What an emitter reads besides the model: inputs generate() was given, and the rendered prompt docs. */
export interface EmitContext {
  /** One kind of the bundled runtime (dist/runtime/): `<kind>.d.ts`, `<kind>.js` and the chunks it needs, by path under dist/runtime/. */
  runtimeKind(kind: string): readonly RuntimeFile[];
  /** The prompt docs, rendered and checked before any emitter runs; null without the docs target. The docs target writes them (the MCP package imports its instructions from that package). */
  readonly docs: DocTexts | null;
}

/** Every target is one of these: the model in, its files out. Emitters report nothing: the spec was checked before. */
export type Emitter = (model: Model, ctx: EmitContext) => GeneratedFile[];
