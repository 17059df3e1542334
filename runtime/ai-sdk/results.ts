import { NO_CONTENT } from "../shared/result-text.js";
import { describeBlock } from "../shared/rich-text.js";
import {
  isToolResult,
  type Content,
  type ToolResult,
} from "../shared/tool-result.js";

/**
 * What an AI SDK tool answers the model. A structured answer stays a value (the AI SDK sends it
 * as JSON). A tool without an output schema that answered nothing says so in a sentence, since
 * an empty result confuses models; a tool with one answers exactly what its schema typed.
 */
export function resultValue(value: unknown, typed: boolean): unknown {
  // The client answers null for a response without a body (204).
  return !typed && (value === undefined || value === null) ? NO_CONTENT : value;
}

/** A part of an AI SDK tool output of type "content" (ai 6's ToolResultOutput). */
type OutputPart =
  | { type: "text"; text: string }
  | { type: "image-data"; data: string; mediaType: string }
  | { type: "file-data"; data: string; mediaType: string };

/** What an AI SDK tool output is for the model (the tool's toModelOutput). */
export type ModelOutput =
  | { type: "text"; value: string }
  | { type: "json"; value: never }
  | { type: "content"; value: OutputPart[] };

/**
 * The model's view of a tool's output: a rich result (toolResult) as content parts (text, images
 * as image data, audio and an embedded resource's bytes as file data, a link or a text resource
 * as a line of text); any other output as the SDK sends it without toModelOutput (text for a
 * string, else JSON).
 */
export function modelOutput(output: unknown): ModelOutput {
  if (!isToolResult(output))
    return typeof output === "string"
      ? { type: "text", value: output }
      : { type: "json", value: (output ?? null) as never };
  const parts = output.content.map(part);
  return {
    type: "content",
    value:
      parts.length > 0 ? parts : [{ type: "text", text: noContent(output) }],
  };
}

function noContent(result: ToolResult): string {
  return result.structuredContent === undefined
    ? NO_CONTENT
    : JSON.stringify(result.structuredContent);
}

function part(b: Content): OutputPart {
  switch (b.type) {
    case "text":
      return { type: "text", text: b.text };
    case "image":
      return { type: "image-data", data: b.data, mediaType: b.mimeType };
    case "audio":
      return { type: "file-data", data: b.data, mediaType: b.mimeType };
    case "resource":
      if ("blob" in b.resource)
        return {
          type: "file-data",
          data: b.resource.blob,
          mediaType: b.resource.mimeType ?? "application/octet-stream",
        };
      return { type: "text", text: describeBlock(b) };
    default:
      return { type: "text", text: describeBlock(b) };
  }
}
