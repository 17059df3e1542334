/**
 * Type-level checks against openai 7, which needs Node 22 or later: compiled by
 * tests/emitters/client/types.e2e.test.ts under scripts/node24.sh (which installs openai), beside
 * payloads.ts, against the packages generated from the platform fixture (never run). The
 * generated definitions are what the `openai` client takes, not Anthropic's; payloads.ts's
 * OpenAI payloads and replies are what openai's types accept, and its shapes for them name no key
 * that openai's types lack (so a misspelt key in a payload is still an error, as a `satisfies`
 * with openai's type on the payload itself would make it). Each @ts-expect-error fails the
 * type-check if the line it marks stops being an error.
 */
import type OpenAI from "openai";
import type {
  ChatCompletionMessage,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type {
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseReasoningItem,
} from "openai/resources/responses/responses";
import {
  anthropicTools,
  openaiChatTools,
  openaiResponsesTools,
} from "@molecule/platform-function-calling";
import {
  chatMessage,
  chatReply,
  responsesOutput,
  responsesReply,
  type ChatAssistantMessage,
  type ChatToolCall,
  type ChatToolMessage,
  type ResponsesFunctionCall,
  type ResponsesFunctionCallOutput,
  type ResponsesReasoning,
} from "./payloads.js";

export function providers(): void {
  const responses: OpenAI.Responses.ResponseCreateParams["tools"] =
    openaiResponsesTools;
  const chat: OpenAI.Chat.ChatCompletionCreateParams["tools"] = openaiChatTools;
  // @ts-expect-error: Anthropic's definitions are not OpenAI's.
  const wrong: OpenAI.Chat.ChatCompletionCreateParams["tools"] = anthropicTools;
  void [responses, chat, wrong];
}

export function payloads(): void {
  const output: ResponseOutputItem[] = responsesOutput;
  const message: ChatCompletionMessage = chatMessage;
  const responsesAnswer: ResponseInputItem.FunctionCallOutput = responsesReply(
    "call",
    "text",
  );
  const chatAnswer: ChatCompletionToolMessageParam = chatReply("call", "text");
  void [output, message, responsesAnswer, chatAnswer];
}

/** Compiles only when `Keys` is never: the keys of a shape that openai's type lacks. */
function noKeys<Keys extends never>(): void {}
type Extra<Shape, Sdk> = Exclude<keyof Shape, keyof Sdk>;

export function shapes(): void {
  noKeys<Extra<ResponsesReasoning, ResponseReasoningItem>>();
  noKeys<
    Extra<ResponsesReasoning["summary"][number], ResponseReasoningItem.Summary>
  >();
  noKeys<Extra<ResponsesFunctionCall, ResponseFunctionToolCall>>();
  noKeys<
    Extra<ResponsesFunctionCallOutput, ResponseInputItem.FunctionCallOutput>
  >();
  noKeys<Extra<ChatAssistantMessage, ChatCompletionMessage>>();
  noKeys<Extra<ChatToolCall, ChatCompletionMessageFunctionToolCall>>();
  noKeys<
    Extra<
      ChatToolCall["function"],
      ChatCompletionMessageFunctionToolCall.Function
    >
  >();
  noKeys<Extra<ChatToolMessage, ChatCompletionToolMessageParam>>();
  // @ts-expect-error: a key openai's type lacks is found.
  noKeys<Extra<ChatToolMessage & { tool_call: string }, ChatToolMessage>>();
}
