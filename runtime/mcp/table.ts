import fs from "node:fs";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/** How the spec names the server and the environment variables its client reads. */
export interface ServerInfo {
  /** The name the server announces to MCP clients. */
  readonly name: string;
  /** The stdio bin's name, the first word of its messages. */
  readonly bin: string;
  readonly environment: {
    readonly baseUrl: string;
    readonly workspaceId: string;
    readonly token: string;
    readonly workspaces: string;
  };
}

/** The shape of the generated tools.json. */
export interface ToolTableData {
  readonly server: ServerInfo;
  /** Every tool as MCP lists it, in spec order. */
  readonly tools: readonly Tool[];
  /** The tools answered by the consumer's handlers instead of the platform. */
  readonly local: readonly string[];
  /** A former name → the tool's current name. */
  readonly renamed: Readonly<Record<string, string>>;
}

/** Error messages for `input` against the named tool's schema; empty when it is valid. */
export type Validate = (name: string, input: unknown) => string[];

/** The input with the named tool's schema defaults filled in (the client package's withDefaults). */
export type WithDefaults = (
  name: string,
  input: { readonly [key: string]: unknown },
) => { readonly [key: string]: unknown };

/** What the server wiring needs: the table, how to check arguments and how to complete them before dispatch. */
export interface ToolTable extends ToolTableData {
  readonly validate: Validate;
  readonly withDefaults: WithDefaults;
}

/**
 * Reads tools.json beside the generated index.js. Read rather than imported: Node 20 prints an
 * ExperimentalWarning for JSON modules, and a stdio server's stderr is shown to users.
 */
export function loadToolTable(
  url: URL,
  validate: Validate,
  withDefaults: WithDefaults,
): ToolTable {
  const data = JSON.parse(fs.readFileSync(url, "utf8")) as ToolTableData;
  // Frozen so that a consumer who edits the exported table cannot change what the server lists.
  return {
    server: deepFreeze(data.server),
    tools: deepFreeze(data.tools),
    local: deepFreeze(data.local),
    renamed: deepFreeze(data.renamed),
    validate,
    withDefaults,
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
