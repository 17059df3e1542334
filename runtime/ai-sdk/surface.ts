import type { Tool } from "ai";
import type {
  HandlersOption,
  InputOf,
  SpecTypes as SharedSpecTypes,
} from "../shared/handler.js";

/*
 * The typed surface of createTools, written once for every spec. The generated index.d.ts
 * binds it to one spec's types (its Spec) and re-exports it under the package's names.
 */

/** One spec's types, as the generated index.d.ts passes them in. */
export interface SpecTypes extends SharedSpecTypes {
  /** Each tool's name → its result type: the client's ToolOutputs (unknown without `output`). */
  readonly results: object;
}

/** The tools a selection gives: every tool when `names` is not given, else those. */
export type SelectedTool<T extends SpecTypes, N extends T["toolName"]> = [
  N,
] extends [never]
  ? T["toolName"]
  : N;

export type { HandlersOption };

export interface CreateToolsOptions<
  T extends SpecTypes,
  N extends T["toolName"] = never,
> {
  /** Calls the platform for every tool that is not local. */
  readonly client: T["client"];
  /** Only these tools (every tool when left out). */
  readonly names?: readonly N[];
}

/** The AI SDK tool set of the selected tools, each under its name. */
export type PlatformTools<T extends SpecTypes, N extends T["toolName"]> = {
  readonly [K in N]: Tool<InputOf<T, K>, ResultOf<T, K>>;
};

type ResultOf<T extends SpecTypes, N> = N extends keyof T["results"]
  ? T["results"][N]
  : unknown;

/** The package's exports, bound by the generated index.d.ts to one spec's types. */
export interface Exports<T extends SpecTypes> {
  /**
   * An AI SDK tool set: one tool() per selected spec tool (every tool when `names` is left out),
   * under its name. Input is checked against the tool's JSON Schema before anything runs; a
   * failed call becomes a tool error the model reads, with the HTTP status.
   */
  createTools<const N extends T["toolName"] = never>(
    options: CreateToolsOptions<T, N> & HandlersOption<T, SelectedTool<T, N>>,
  ): PlatformTools<T, SelectedTool<T, NoInfer<N>>>;
}
