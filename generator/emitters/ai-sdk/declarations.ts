import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { stringLiteral } from "../../render/literal.js";

/**
 * index.d.ts: the typed surface of createTools (runtime/ai-sdk/surface.ts, copied into the
 * package) bound to this spec's types. Only the client package's name depends on the spec.
 */
export function declarations(model: Model): string {
  const client = stringLiteral(declared(model, "client").package);
  return `${codeHeader}import type { LocalHandlers, LocalToolName, PlatformClient, ToolInputs, ToolName, ToolOutputs } from ${client};
import type * as Surface from "./runtime/surface.js";

export type { LocalHandlers, ToolInputs, ToolName } from ${client};

/** This spec's types, as the surface takes them. */
interface Spec {
  readonly toolName: ToolName;
  readonly localToolName: LocalToolName;
  readonly inputs: ToolInputs;
  /** Each tool's result type: its output's type, or unknown for a tool without output. */
  readonly results: ToolOutputs;
  readonly handlers: LocalHandlers;
  readonly client: PlatformClient;
}

export type SelectedTool<N extends ToolName> = Surface.SelectedTool<Spec, N>;

export type HandlersOption<T extends ToolName> = Surface.HandlersOption<Spec, T>;

export type CreateToolsOptions<N extends ToolName = never> = Surface.CreateToolsOptions<Spec, N>;

export type PlatformTools<N extends ToolName = ToolName> = Surface.PlatformTools<Spec, N>;

/**
 * An AI SDK tool set: one tool() per selected spec tool (every tool when \`names\` is left out),
 * under its name. Input is checked against the tool's JSON Schema before anything runs; a
 * failed call becomes a tool error the model reads, with the HTTP status.
 */
export declare function createTools<const N extends ToolName = never>(options: CreateToolsOptions<N> & HandlersOption<SelectedTool<N>>): PlatformTools<SelectedTool<NoInfer<N>>>;

export {};
`;
}
