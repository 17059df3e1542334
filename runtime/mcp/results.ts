import type { CallToolResult } from "./mcp-types.js";
import { resultText } from "../shared/result-text.js";
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

/** A failed call: the model reads the message and can correct itself, the server goes on. */
export function failure(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
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
