import fs from "node:fs";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ToolInfo } from "../shared/data.js";
import type { McpData, ServerInfo } from "./data.js";
import type { Sdks } from "./sdk.js";

export type { ServerInfo };

/** Error messages for `input` against the named tool's schema; empty when it is valid. */
export type Validate = (name: string, input: unknown) => string[];

/** The input with the named tool's schema defaults filled in (the client package's withDefaults). */
export type WithDefaults = (
  name: string,
  input: { readonly [key: string]: unknown },
) => { readonly [key: string]: unknown };

/** What the server wiring needs: the table, how to check arguments and how to complete them before dispatch. */
export interface ToolTable {
  readonly server: ServerInfo;
  /** Every tool as MCP lists it, in spec order. */
  readonly tools: readonly Tool[];
  /** The tools answered by the consumer's handlers instead of the platform. */
  readonly local: readonly string[];
  /** A former name → the tool's current name. */
  readonly renamed: Readonly<Record<string, string>>;
  readonly validate: Validate;
  readonly withDefaults: WithDefaults;
  /** The MCP SDK lines installed beside the package (importSdks). */
  readonly sdks: Sdks;
}

/**
 * Reads tools.json beside the generated index.js and lists the client package's `tools` as MCP
 * lists them (name, description, input schema, in that order). Read rather than imported: Node 20
 * prints an ExperimentalWarning for JSON modules, and a stdio server's stderr is shown to users.
 */
export function loadToolTable(
  url: URL,
  tools: readonly ToolInfo[],
  validate: Validate,
  withDefaults: WithDefaults,
  sdks: Sdks,
): ToolTable {
  const data = JSON.parse(fs.readFileSync(url, "utf8")) as McpData;
  // Frozen so that a consumer who edits the exported table cannot change what the server lists.
  return {
    server: deepFreeze(data.server),
    tools: deepFreeze(
      tools.map((t): Tool => ({
        name: t.name,
        description: t.short,
        inputSchema: t.inputSchema as Tool["inputSchema"],
      })),
    ),
    local: deepFreeze(tools.filter((t) => t.local).map((t) => t.name)),
    renamed: deepFreeze(data.renamed),
    validate,
    withDefaults,
    sdks,
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
