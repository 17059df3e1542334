import type { CallToolResult, Tool } from "./mcp-types.js";

// The answers of a tool table, as types only: the low-level server (serve.ts) and the
// registration on an McpServer (register.ts) both give them.

/** A tools/call request's parameters. */
export interface CallParams {
  readonly name: string;
  readonly arguments?: { readonly [key: string]: unknown };
}

/** The table's tools as listed, and the answer to a call of one of them. */
export interface ToolAnswers {
  readonly tools: readonly Tool[];
  /** Whether the table has a tool of that name. */
  has(name: string): boolean;
  /**
   * `server` and `extra` (the SDK's context of the request) let a local handler's context send
   * progress, log messages and requests to the client; without them those do nothing or fail.
   */
  call(
    params: CallParams,
    signal?: AbortSignal,
    extra?: unknown,
    server?: unknown,
  ): Promise<CallToolResult>;
}
