import { ToolMessage } from "@langchain/core/messages";
import type { ToolRunnableConfig } from "@langchain/core/tools";
import { describeBlock } from "../shared/rich-text.js";
import { NO_CONTENT } from "../shared/result-text.js";
import type { Content, ToolResult } from "../shared/tool-result.js";

/** A LangChain standard content block, as @langchain/core 1.x names them. */
export type ContentBlock =
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "image" | "audio" | "file";
      readonly data: string;
      readonly mimeType: string;
    };

/**
 * A rich result as LangChain carries it: text, images and audio as its standard content blocks,
 * an embedded resource's bytes as a file block, a link or a text resource as a line of text; the
 * result itself (with its structuredContent) as the ToolMessage's artifact. Through a tool call
 * it is that ToolMessage (an error one when the result says isError); a plain invoke answers
 * the blocks.
 */
export function richMessage(
  name: string,
  result: ToolResult,
  config: ToolRunnableConfig | undefined,
): ToolMessage | ContentBlock[] {
  const blocks = result.content.map(block);
  const content: ContentBlock[] =
    blocks.length > 0
      ? blocks
      : [
          {
            type: "text",
            text:
              result.structuredContent === undefined
                ? NO_CONTENT
                : JSON.stringify(result.structuredContent),
          },
        ];
  const id = config?.toolCall?.id;
  if (!id) return content;
  return new ToolMessage({
    content: content as ToolMessage["content"],
    artifact: result,
    tool_call_id: id,
    name,
    status: result.isError === true ? "error" : "success",
  });
}

function block(b: Content): ContentBlock {
  switch (b.type) {
    case "text":
      return { type: "text", text: b.text };
    case "image":
    case "audio":
      return { type: b.type, data: b.data, mimeType: b.mimeType };
    case "resource":
      if ("blob" in b.resource)
        return {
          type: "file",
          data: b.resource.blob,
          mimeType: b.resource.mimeType ?? "application/octet-stream",
        };
      return { type: "text", text: describeBlock(b) };
    default:
      return { type: "text", text: describeBlock(b) };
  }
}
