import type {
  ContentBlock,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type {
  ChatCompletionMessage,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type {
  ResponseInputItem,
  ResponseOutputItem,
} from "openai/resources/responses/responses";

/*
 * Tool calls as each provider's API answers them, in the shapes of the platform fixture's tools
 * (tests/fixtures/platform/tools.yaml), held to the SDKs' own types by `npm run typecheck`:
 * the `output` of an OpenAI Responses API response, the message of a Chat Completions choice,
 * and the `content` of an Anthropic message. And the reply each API takes back.
 */

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
] satisfies ResponseOutputItem[];

export function responsesReply(
  callId: string,
  output: string,
): ResponseInputItem.FunctionCallOutput {
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
} satisfies ChatCompletionMessage;

export function chatReply(
  callId: string,
  content: string,
): ChatCompletionToolMessageParam {
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
