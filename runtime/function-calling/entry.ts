/**
 * What the function-calling package imports from the client package's `runtime/function-calling`
 * subpath: its index.js builds its exports with functionCallingPackage(), passing in the client
 * package's module and its own tools.json.
 */
import { clientParts, type ClientModule } from "../shared/client-parts.js";
import { anthropicTools, chatTools, responsesTools } from "./definitions.js";
import { dispatcher } from "./dispatch.js";
import { loadData } from "./load.js";
import type {
  AnthropicTool,
  ChatTool,
  DispatchResult,
  ResponsesTool,
} from "./surface.js";
import type { DispatchOptions } from "./types.js";

export type * as Surface from "./surface.js";

/** The function-calling package's exports (typed for one spec by its index.d.ts). */
export interface FunctionCallingPackage {
  readonly openaiResponsesTools: ResponsesTool[];
  readonly openaiChatTools: ChatTool[];
  readonly anthropicTools: AnthropicTool[];
  readonly dispatchResult: (
    name: string,
    args: unknown,
    options: DispatchOptions,
  ) => Promise<DispatchResult>;
  readonly dispatch: (
    name: string,
    args: unknown,
    options: DispatchOptions,
  ) => Promise<string>;
}

export function functionCallingPackage(
  client: ClientModule,
  data: URL,
): FunctionCallingPackage {
  const dispatchResult = dispatcher({
    data: loadData(data),
    tools: client.tools,
    ...clientParts(client),
  });
  return {
    openaiResponsesTools: responsesTools(client.tools),
    openaiChatTools: chatTools(client.tools),
    anthropicTools: anthropicTools(client.tools),
    dispatchResult,
    dispatch: async (name, args, options) =>
      (await dispatchResult(name, args, options)).text,
  };
}
