/*
 * The MCP shapes the package's types name, written by shape rather than imported from an SDK,
 * so that its declarations resolve with either line installed alone (`@modelcontextprotocol/sdk`
 * 1.x or `@modelcontextprotocol/server` 2.x). Each is the part of the SDK's type of the same name
 * that the package fills, and assignable to it.
 */

import type { Content } from "../shared/tool-result.js";

/** A JSON value, as the SDKs type a schema's parts. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema of an object, as MCP carries a tool's input and output schemas. */
export interface ObjectSchema {
  [key: string]: unknown;
  type: "object";
  properties?: { [key: string]: { [key: string]: JsonValue } };
  required?: string[];
}

/** A tool as tools/list lists it. */
export interface Tool {
  [key: string]: unknown;
  name: string;
  title?: string;
  description?: string;
  inputSchema: ObjectSchema;
  outputSchema?: ObjectSchema;
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  execution?: { taskSupport?: "forbidden" | "optional" | "required" };
  icons?: {
    src: string;
    mimeType?: string;
    sizes?: string[];
    theme?: "light" | "dark";
  }[];
  _meta?: { [key: string]: unknown };
}

/** A tools/call result: its content, and the structured result of a tool with an output schema. */
export interface CallToolResult {
  [key: string]: unknown;
  content: Content[];
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
}

/** A JSON-RPC 2.0 message, as far as the stdio transport passes one on: the SDK's reader checks it. */
export interface JsonRpcMessage {
  [key: string]: unknown;
  jsonrpc: "2.0";
}
