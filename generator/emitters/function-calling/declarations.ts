import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { stringLiteral } from "../../render/literal.js";

/**
 * index.d.ts: the typed surface (runtime/function-calling/surface.ts, copied into the package)
 * bound to this spec's types. Only the client package's name depends on the spec.
 */
export function declarations(model: Model): string {
  const client = stringLiteral(declared(model, "client").package);
  return `${codeHeader}import type { LocalHandlers, LocalToolName, PlatformClient, ToolInputs, ToolName } from ${client};
import type * as Surface from "./runtime/surface.js";

export type { LocalHandlers, ToolInputs, ToolName } from ${client};

/** This spec's types, as the surface takes them. */
interface Spec {
  readonly toolName: ToolName;
  readonly localToolName: LocalToolName;
  readonly inputs: ToolInputs;
  readonly handlers: LocalHandlers;
  readonly client: PlatformClient;
}

export type InputSchema = Surface.InputSchema;

export type ResponsesTool = Surface.ResponsesTool<ToolName>;

export type ChatTool = Surface.ChatTool<ToolName>;

export type AnthropicTool = Surface.AnthropicTool<ToolName>;

export type DispatchOptions = Surface.DispatchOptions<Spec>;

/** Every tool as an OpenAI Responses API function tool, in spec order (a fresh copy each import). */
export declare const openaiResponsesTools: ResponsesTool[];

/** Every tool as an OpenAI Chat Completions function tool, in spec order. */
export declare const openaiChatTools: ChatTool[];

/** Every tool as an Anthropic Messages API tool, in spec order. */
export declare const anthropicTools: AnthropicTool[];

/**
 * Runs one tool call of a model (\`args\`: OpenAI's JSON string or Anthropic's object) and
 * answers the text to send back: the result, or an error the model can read (unknown tool,
 * bad arguments, the platform's refusal with its HTTP status).
 */
export declare const dispatch: Surface.Dispatch<Spec>;

export type DispatchResult = Surface.DispatchResult;

/** dispatch, answering the text with whether it tells of a failure (for Anthropic's \`is_error\`). */
export declare const dispatchResult: Surface.DispatchWithResult<Spec>;

export {};
`;
}
