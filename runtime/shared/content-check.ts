import { isRecord as isObject } from "./record.js";
import { CONTENT_TYPES, type ToolResult } from "./tool-result.js";

/*
 * The checks of a rich result before it is sent (the same words as
 * runtime/python/toolgen_core/tool_result.py): a handler may build one by hand, from JavaScript,
 * and a client must never receive content its SDK refuses.
 */

const BASE64 =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** What is wrong with a rich result, one line per problem; empty when it can be sent. */
export function resultProblems(result: ToolResult): string[] {
  const problems: string[] = [];
  const content: unknown = result.content;
  if (!Array.isArray(content)) problems.push("content is not an array");
  else
    content.forEach((block, i) =>
      blockProblems(block, `content[${i}]`, problems),
    );
  const structured: unknown = result.structuredContent;
  if (structured !== undefined && !isObject(structured))
    problems.push("structuredContent is not an object");
  return problems;
}

function blockProblems(block: unknown, at: string, out: string[]): void {
  if (!isObject(block)) {
    out.push(`${at} is not an object`);
    return;
  }
  const type = block.type;
  if (!(CONTENT_TYPES as readonly unknown[]).includes(type)) {
    out.push(
      `${at} has type ${typeof type === "string" ? JSON.stringify(type.slice(0, 40)) : "missing"}; a result holds ${CONTENT_TYPES.join(", ")}`,
    );
    return;
  }
  const named = `${at} (${type as string})`;
  const need = (key: string, value: unknown) => {
    if (typeof value !== "string" || value === "")
      out.push(`${named} has no ${key}`);
  };
  if (type === "text") {
    if (typeof block.text !== "string") out.push(`${named} has no text`);
  } else if (type === "image" || type === "audio") {
    need("data", block.data);
    if (
      typeof block.data === "string" &&
      block.data !== "" &&
      !BASE64.test(block.data)
    )
      out.push(`${named} data is not base64`);
    need("mimeType", block.mimeType);
  } else if (type === "resource_link") {
    need("uri", block.uri);
    need("name", block.name);
  } else {
    const resource = block.resource;
    if (!isObject(resource)) {
      out.push(`${named} has no resource`);
      return;
    }
    need("resource uri", resource.uri);
    if (typeof resource.text === "string") return;
    if (typeof resource.blob !== "string")
      out.push(`${named} resource has neither text nor blob`);
    else if (!BASE64.test(resource.blob))
      out.push(`${named} resource blob is not base64`);
  }
}
