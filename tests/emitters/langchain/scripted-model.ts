import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
} from "@langchain/core/language_models/chat_models";
import type { AIMessage, BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";

/**
 * A chat model that answers from a script, one message a turn, and remembers what it was
 * shown. @langchain/core's fakes cannot do this in 1.4: FakeListChatModel answers text only
 * and FakeStreamingChatModel repeats its first response.
 */
export class ScriptedChatModel extends BaseChatModel<BaseChatModelCallOptions> {
  /** The messages of every turn, in order. */
  readonly turns: BaseMessage[][] = [];
  /** The tools as a provider receives them (OpenAI function format). */
  bound: ReturnType<typeof convertToOpenAITool>[] = [];
  private next = 0;

  constructor(private readonly script: readonly AIMessage[]) {
    super({});
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: StructuredToolInterface[]) {
    this.bound = tools.map((t) => convertToOpenAITool(t));
    return this.withConfig({});
  }

  async _generate(
    messages: BaseMessage[],
    _options: this["ParsedCallOptions"],
    _run?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    this.turns.push([...messages]);
    const message = this.script[this.next++];
    if (message === undefined)
      throw new Error(`the script has only ${this.script.length} turns`);
    return {
      generations: [
        {
          text: typeof message.content === "string" ? message.content : "",
          message,
        },
      ],
    };
  }
}
