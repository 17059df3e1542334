import type { CallToolResult } from "./mcp-types.js";
import { NO_CONTENT, resultText } from "../shared/result-text.js";
import { resultProblems } from "../shared/content-check.js";
import type { ToolResult } from "../shared/tool-result.js";
import { closest } from "../shared/distance.js";

/** The longest tool name echoed back in a message: a caller may send anything as a name. */
const NAME_LIMIT = 120;

/** A tool's answer as MCP text: strings as they are, anything else as indented JSON (resultText). */
export function success(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: resultText(value, 2) }] };
}

/**
 * The answer of a tool with an output schema: the value as structuredContent, and the same JSON
 * as text for clients that read only text; or, when the value does not fit the schema
 * (`problems`, each starting with the JSON pointer where it does not), an isError result that
 * says where.
 */
export function structuredSuccess(
  name: string,
  value: unknown,
  problems: readonly string[],
): CallToolResult {
  if (problems.length > 0)
    return failure(
      `The result of ${name} does not fit its output schema:\n${problems.map((p) => `- ${p}`).join("\n")}`,
    );
  return {
    content: [{ type: "text", text: JSON.stringify(value, null, 2) }],
    structuredContent: value as Record<string, unknown>,
  };
}

/**
 * A handler's rich result (toolResult) as MCP sends it, once its content is checked: the content
 * in order (the structured content's JSON as text when it gives none, a sentence when it gives
 * nothing), and the structured content, checked against the output schema of a tool that has one
 * (`problems` is that check; `structured` says whether the tool has one).
 */
export function richSuccess(
  name: string,
  result: ToolResult,
  structured: boolean,
  validateOutput: (value: unknown) => readonly string[],
): CallToolResult {
  const problems = resultProblems(result);
  if (problems.length > 0)
    return failure(
      `The result of ${name} is not one MCP can carry:\n${problems.map((p) => `- ${p}`).join("\n")}`,
    );
  const { structuredContent, isError } = result;
  if (structured && isError !== true) {
    if (structuredContent === undefined)
      return failure(
        `The result of ${name} has no structuredContent, which its output schema requires`,
      );
    const wrong = validateOutput(structuredContent);
    if (wrong.length > 0)
      return structuredSuccess(name, structuredContent, wrong);
  }
  const content =
    result.content.length > 0
      ? [...result.content]
      : [
          {
            type: "text" as const,
            text:
              structuredContent === undefined
                ? NO_CONTENT
                : JSON.stringify(structuredContent, null, 2),
          },
        ];
  return {
    content,
    ...(structuredContent === undefined
      ? {}
      : { structuredContent: structuredContent as Record<string, unknown> }),
    ...(isError === true ? { isError: true } : {}),
  };
}

/** A failed call: the model reads the message and can correct itself, the server goes on. */
export function failure(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** JSON-RPC's "invalid params": MCP (2025-11-25) answers a tools/call of an unknown tool with it. */
export const INVALID_PARAMS: number = -32602;

/**
 * Thrown for a tools/call naming no tool of the server, nor a former name of one: both SDK lines
 * answer a thrown error's `code` as a JSON-RPC error. Its message is unknownTool's.
 */
export class UnknownToolError extends Error {
  readonly code: number = INVALID_PARAMS;
  constructor(message: string) {
    super(message);
    this.name = "UnknownToolError";
  }
}

export function unknownTool(
  name: string,
  names: readonly string[],
  renamed: Readonly<Record<string, string>>,
): string {
  const shown = quote(name);
  if (Object.hasOwn(renamed, name))
    return `Unknown tool ${shown}: it was renamed to ${quote(renamed[name]!)}.`;
  const close = closest(name, names);
  if (close !== undefined)
    return `Unknown tool ${shown}: did you mean ${quote(close)}?`;
  return `Unknown tool ${shown}: this server has no tool of that name; list the tools to see their names.`;
}

export function invalidArguments(
  name: string,
  problems: readonly string[],
): string {
  return `Invalid arguments for ${name}:\n${problems.map((p) => `- ${p}`).join("\n")}`;
}

/** What went wrong, in the words of whoever threw: the platform's own message for a PlatformError. */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const message = error.message || error.name;
    // The client's PlatformError carries the HTTP status, which tells the model whether to retry.
    const status = (error as { status?: unknown }).status;
    return typeof status === "number" ? `${message} (HTTP ${status})` : message;
  }
  return typeof error === "string" && error
    ? error
    : `the tool failed: ${String(error)}`;
}

/** JSON-quoted so that control characters show, and cut short so a huge name cannot flood the answer. */
function quote(name: string): string {
  return JSON.stringify(
    name.length > NAME_LIMIT ? `${name.slice(0, NAME_LIMIT)}…` : name,
  );
}
