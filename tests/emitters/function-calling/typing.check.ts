/**
 * Type-level checks of the generated function-calling and AI SDK packages, compiled by
 * tests/emitters/client/types.e2e.test.ts against the packages generated from the platform fixture
 * (never run): the definitions are what the `@anthropic-ai/sdk` client takes (the `openai` client's
 * are in openai.check.ts), and each @ts-expect-error fails the type-check if the line it marks
 * stops being an error.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { generateText, type ToolSet } from "ai";
import type { LocalHandlers, PlatformClient } from "@molecule/platform-client";
import { createTools } from "@molecule/platform-ai-sdk";
import {
  anthropicTools,
  dispatch,
  dispatchResult,
  openaiChatTools,
} from "@molecule/platform-function-calling";

declare const client: PlatformClient;
declare const handlers: LocalHandlers;
declare const model: Parameters<typeof generateText>[0]["model"];

export function providers(): void {
  const messages: Anthropic.Messages.MessageCreateParams["tools"] =
    anthropicTools;
  // @ts-expect-error: OpenAI's definitions are not Anthropic's.
  const wrong: Anthropic.Messages.MessageCreateParams["tools"] =
    openaiChatTools;
  void [messages, wrong];
}

export async function dispatching(): Promise<void> {
  const text: string = await dispatch("list_peers", "{}", { client, handlers });
  const { isError } = await dispatchResult(
    "list_peers",
    {},
    { client, handlers },
  );
  // @ts-expect-error: the fixture has local tools: dispatch needs their handlers.
  await dispatch("list_peers", "{}", { client });
  void [text, isError];
}

export async function aiSdk(): Promise<void> {
  const tools: ToolSet = createTools({ client, handlers });
  await generateText({ model, tools, prompt: "hi" });
  // Only tools that are not local: no handler is needed.
  const some = createTools({ client, names: ["list_peers", "commit_memory"] });
  const keys: "list_peers" | "commit_memory" =
    "list_peers" as keyof typeof some;
  // @ts-expect-error: every local tool needs its handler when all tools are selected.
  createTools({ client });
  // @ts-expect-error: a name the spec does not have.
  createTools({ client, handlers, names: ["no_such_tool"] });
  void keys;
}
