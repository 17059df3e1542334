import { resultProblems } from "./content-check.js";
import { NO_CONTENT } from "./result-text.js";
import type { Content, ToolResult } from "./tool-result.js";

/*
 * A rich result (toolResult) for the targets other than MCP, which carry less: the same words as
 * runtime/python/toolgen_core/rich_text.py.
 */

/** The rich result, once its content is checked; throws (for the model to read) when it cannot be sent. */
export function checkedResult(tool: string, result: ToolResult): ToolResult {
  const problems = resultProblems(result);
  if (problems.length > 0)
    throw new Error(
      `The result of ${tool} is not one MCP can carry:\n${problems.map((p) => `- ${p}`).join("\n")}`,
    );
  return result;
}

/**
 * The result as text, for a consumer that reads only text: its text blocks as they are, every
 * other block named in one line (an image's type and size, never its bytes; a link; a text
 * resource with its text), joined by blank lines; without content, the structured content's JSON,
 * or a sentence when there is nothing.
 */
export function richText(result: ToolResult): string {
  if (result.content.length === 0)
    return result.structuredContent === undefined
      ? NO_CONTENT
      : JSON.stringify(result.structuredContent);
  return result.content.map(blockText).join("\n\n");
}

/** One block as text (describeBlock for any but text). */
export function blockText(block: Content): string {
  return block.type === "text" ? block.text : describeBlock(block);
}

/** A line naming a block a text-only consumer cannot carry; a text resource keeps its text. */
export function describeBlock(block: Content): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.mimeType} ${block.type}, ${bytesOf(block.data)} bytes, not shown]`;
    case "resource_link":
      return `[resource: ${block.name} <${block.uri}>]`;
    case "resource": {
      const r = block.resource;
      if ("text" in r) return `[resource ${r.uri}]\n${r.text}`;
      return `[resource ${r.uri}: ${r.mimeType ?? "bytes"}, ${bytesOf(r.blob)} bytes, not shown]`;
    }
  }
}

/** The byte length of base64 text. */
function bytesOf(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}
