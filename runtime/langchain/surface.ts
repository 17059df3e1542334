import type { DynamicStructuredTool } from "@langchain/core/tools";
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
  /** Each section's id → the names of its tools. */
  readonly sections: object;
}

/** A section id of the spec. */
export type SectionIdOf<T extends SpecTypes> = keyof T["sections"];

/**
 * The tools a selection gives: every tool when neither `sections` nor `names`
 * is given, else the tools of those sections together with those names.
 */
export type SelectedTool<
  T extends SpecTypes,
  S extends SectionIdOf<T>,
  N extends T["toolName"],
> = [S | N] extends [never] ? T["toolName"] : T["sections"][S] | N;

export type { HandlersOption };

export interface CreateToolsOptions<
  T extends SpecTypes,
  S extends SectionIdOf<T> = never,
  N extends T["toolName"] = never,
> {
  /** Calls the platform for every tool that is not local. */
  readonly client: T["client"];
  /** Only the tools of these sections (and of `names`, when given too). */
  readonly sections?: readonly S[];
  /** Only these tools (and those of `sections`, when given too). */
  readonly names?: readonly N[];
  /** Appends each tool's when_to_use to its description. */
  readonly appendWhenToUse?: boolean;
  /**
   * Throws the client's errors (refusals, timeouts, unreachable platform) and the
   * local handlers' instead of answering the model with a readable error result.
   */
  readonly throwOnError?: boolean;
}

/**
 * A spec tool as a LangChain tool: `invoke(args)` answers a string (JSON for
 * structured answers), `invoke(toolCall)` a ToolMessage.
 */
export type PlatformTool<
  T extends SpecTypes,
  N extends T["toolName"],
> = DynamicStructuredTool<
  Record<string, unknown>,
  InputOf<T, N>,
  InputOf<T, N>,
  string,
  unknown,
  N
>;

/** The package's exports, bound by the generated index.d.ts to one spec's types. */
export interface Exports<T extends SpecTypes> {
  /**
   * One LangChain tool per selected spec tool, in spec order. Input is validated
   * against the tool's JSON Schema; unknown sections or names throw, and so does a
   * selection of nothing (`sections: []` alone).
   */
  createTools<
    const S extends SectionIdOf<T> = never,
    const N extends T["toolName"] = never,
  >(
    options: CreateToolsOptions<T, S, N> &
      HandlersOption<T, Extract<SelectedTool<T, S, N>, T["toolName"]>>,
  ): PlatformTool<
    T,
    Extract<SelectedTool<T, NoInfer<S>, NoInfer<N>>, T["toolName"]>
  >[];
}
