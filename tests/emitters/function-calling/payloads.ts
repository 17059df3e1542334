import type {
  ContentBlock,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";

/*
 * Tool calls as each provider's API answers them, in the shapes of the platform fixture's tools
 * (tests/fixtures/platform/tools.yaml): the `output` of an OpenAI Responses API response, the
 * message of a Chat Completions choice, and the `content` of an Anthropic message. And the reply
 * each API takes back. The Anthropic ones are held to @anthropic-ai/sdk's types by `npm run
 * typecheck`. openai 7 needs Node 22 or later, so the OpenAI ones are held to the shapes below,
 * and openai.check.ts holds those shapes to openai's own types, naming no key openai's lack
 * (type-checked by tests/emitters/client/types.e2e.test.ts under scripts/node24.sh).
 */

/** openai's ResponseReasoningItem, as these payloads use it. */
export interface ResponsesReasoning {
  type: "reasoning";
  id: string;
  summary: { type: "summary_text"; text: string }[];
}

/** openai's ResponseFunctionToolCall, as these payloads use it. */
export interface ResponsesFunctionCall {
  type: "function_call";
  id: string;
  call_id: string;
  name: string;
  arguments: string;
  status: "completed";
}

/** openai's ResponseInputItem.FunctionCallOutput, as these payloads use it. */
export interface ResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string;
}

/** openai's ChatCompletionMessageFunctionToolCall, as these payloads use it. */
export interface ChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** openai's ChatCompletionMessage, as these payloads use it. */
export interface ChatAssistantMessage {
  role: "assistant";
  content: string | null;
  refusal: string | null;
  tool_calls: ChatToolCall[];
}

/** openai's ChatCompletionToolMessageParam, as these payloads use it. */
export interface ChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** Responses API: function_call items, their arguments as JSON text. */
export const responsesOutput = [
  {
    type: "reasoning",
    id: "rs_01",
    summary: [],
  },
  {
    type: "function_call",
    id: "fc_01",
    call_id: "call_list",
    name: "list_peers",
    arguments: "{}",
    status: "completed",
  },
  {
    type: "function_call",
    id: "fc_02",
    call_id: "call_commit",
    name: "commit_memory",
    arguments:
      '{"content":"The deploy key rotates weekly.","source_workspace_id":"ws-second"}',
    status: "completed",
  },
] satisfies (ResponsesReasoning | ResponsesFunctionCall)[];

export function responsesReply(
  callId: string,
  output: string,
): ResponsesFunctionCallOutput {
  return { type: "function_call_output", call_id: callId, output };
}

/** Chat Completions: the assistant message's tool_calls, arguments as JSON text. */
export const chatMessage = {
  role: "assistant",
  content: null,
  refusal: null,
  tool_calls: [
    {
      id: "call_status",
      type: "function",
      function: {
        name: "check_task_status",
        arguments: '{"workspace_id":"peer/one","task_id":"d-9"}',
      },
    },
  ],
} satisfies ChatAssistantMessage;

export function chatReply(callId: string, content: string): ChatToolMessage {
  return { role: "tool", tool_call_id: callId, content };
}

/** Anthropic Messages: tool_use blocks beside text, the input as an object. */
export const anthropicContent = [
  {
    type: "text",
    text: "I will recall what the team knows.",
    citations: null,
  },
  {
    type: "tool_use",
    id: "toolu_01",
    name: "recall_memory",
    input: { query: "deploy key", scope: "TEAM" },
    caller: { type: "direct" },
  },
] satisfies ContentBlock[];

export function anthropicReply(
  toolUseId: string,
  content: string,
  isError: boolean,
): ToolResultBlockParam {
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content,
    ...(isError ? { is_error: true } : {}),
  };
}
