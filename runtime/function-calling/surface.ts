import type { Content } from "../shared/tool-result.js";
/*
 * The typed surface of the function-calling package, written once for every spec. The generated
 * index.d.ts binds it to one spec's types (its Spec) and re-exports it under the package's names.
 * The definitions are typed structurally, so the package needs neither provider's SDK; a test
 * holds them assignable to the `openai` and `@anthropic-ai/sdk` types.
 */

import type {
  HandlersOption as SelectedHandlers,
  SpecTypes,
} from "../shared/handler.js";

export type { SpecTypes };

/** A tool's input schema: the JSON Schema object written in tools.yaml. */
export interface InputSchema {
  readonly type: "object";
  readonly [keyword: string]: unknown;
}

/** A function tool of the OpenAI Responses API (`tools` of `client.responses.create`). */
export interface ResponsesTool<N extends string = string> {
  readonly type: "function";
  readonly name: N;
  readonly description: string;
  readonly parameters: InputSchema;
  /** Strict mode needs every property required and no others allowed, which a spec may not say. */
  readonly strict: false;
}

/** A function tool of the OpenAI Chat Completions API (`tools` of `client.chat.completions.create`). */
export interface ChatTool<N extends string = string> {
  readonly type: "function";
  readonly function: {
    readonly name: N;
    readonly description: string;
    readonly parameters: InputSchema;
  };
}

/** A client tool of the Anthropic Messages API (`tools` of `client.messages.create`). */
export interface AnthropicTool<N extends string = string> {
  readonly name: N;
  readonly description: string;
  readonly input_schema: InputSchema;
}

/** The handlers dispatch needs: one for every local tool, as a model may call any of them. */
export type HandlersOption<T extends SpecTypes> = SelectedHandlers<
  T,
  T["toolName"]
>;

export type DispatchOptions<T extends SpecTypes> = {
  /** Calls the platform for every tool that is not local. */
  readonly client: T["client"];
  /** Cancels the call: the platform request is aborted, a local handler sees it aborted. */
  readonly signal?: AbortSignal;
} & HandlersOption<T>;

/** What dispatchResult answers: the text, and whether it tells of a failure (Anthropic's `is_error`). */
export interface DispatchResult {
  readonly text: string;
  readonly isError: boolean;
  /**
   * A local handler's rich result (toolResult): its content as MCP gives it, for an API whose
   * tool results carry images (Anthropic's tool_result, OpenAI's Responses function_call_output);
   * `text` names each block that is no text instead.
   */
  readonly content?: readonly Content[];
  readonly structuredContent?: { readonly [key: string]: unknown };
}

/** dispatch, answering the text with whether it tells of a failure. */
export type DispatchWithResult<T extends SpecTypes> = (
  name: string,
  args: unknown,
  options: DispatchOptions<T>,
) => Promise<DispatchResult>;

/**
 * Runs one tool call of a model and answers the text to send back: the result (text as it came,
 * JSON for structured answers), or an error the model can read. Typed results (a tool's
 * `output`) do not change it: the model always reads text.
 */
export type Dispatch<T extends SpecTypes> = (
  name: string,
  args: unknown,
  options: DispatchOptions<T>,
) => Promise<string>;

/** The package's exports, bound by the generated index.d.ts to one spec's types. */
export interface Exports<T extends SpecTypes> {
  /** Every tool as an OpenAI Responses API function tool, in spec order (a fresh copy each import). */
  readonly openaiResponsesTools: ResponsesTool<T["toolName"]>[];
  /** Every tool as an OpenAI Chat Completions function tool, in spec order. */
  readonly openaiChatTools: ChatTool<T["toolName"]>[];
  /** Every tool as an Anthropic Messages API tool, in spec order. */
  readonly anthropicTools: AnthropicTool<T["toolName"]>[];
  /**
   * Runs one tool call of a model (`args`: OpenAI's JSON string or Anthropic's object) and
   * answers the text to send back: the result, or an error the model can read (unknown tool,
   * bad arguments, the platform's refusal with its HTTP status).
   */
  readonly dispatch: Dispatch<T>;
  /** dispatch, answering the text with whether it tells of a failure (for Anthropic's `is_error`). */
  readonly dispatchResult: DispatchWithResult<T>;
}
