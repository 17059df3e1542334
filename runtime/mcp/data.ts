/**
 * The shape of the generated mcp/tools.json, which toolgen writes from tools.yaml
 * (generator/emitters/mcp/index.ts) with this type and the server wiring reads. The tools
 * themselves (names, descriptions, input and output schemas, which are local) are not repeated
 * here: the generated index.js passes in the client package's `tools`, so each schema is
 * written once. Nor are the server's instructions: the generated code imports them from the
 * prompts package (its `mcpPrompt`), which holds the one copy of that text.
 */
import type { EnvNames } from "../shared/data.js";

/** How the spec names the server and the environment variables its client reads. */
export interface ServerData {
  /** The name the server announces to MCP clients. */
  readonly name: string;
  /** The version it announces: the MCP package's own (its package.json's). */
  readonly version: string;
  /** The stdio bin's name, the first word of its messages. */
  readonly bin: string;
  readonly environment: EnvNames;
  /** The environment variable holding the bearer token HTTP requests must carry, or null: none. */
  readonly httpTokenEnv: string | null;
}

/** MCP's tool annotations, as tools/list carries them: only the hints the spec declares or derives. */
export interface ToolHints {
  /** The tool's title again, for clients of MCP 2025-03-26, which read it only here. */
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** What tools/list says of a tool besides its name, description and schemas. */
export interface ToolListing {
  /** The human-readable name clients show instead of the tool's name. */
  readonly title?: string;
  readonly annotations?: ToolHints;
}

export interface McpData {
  readonly server: ServerData;
  /** A former name → the tool's current name. */
  readonly renamed: Readonly<Record<string, string>>;
  /** Each tool's title and hints, by tool name; a tool with neither is not listed. */
  readonly listing: Readonly<Record<string, ToolListing>>;
}
