/**
 * The shape of the generated mcp/tools.json, which toolgen writes from tools.yaml
 * (generator/emitters/mcp/index.ts) with this type and the server wiring reads. The tools
 * themselves (names, descriptions, input and output schemas, which are local) are not repeated
 * here: the generated index.js passes in the client package's `tools`, so each schema is
 * written once.
 */
import type { EnvNames } from "../shared/data.js";

/** How the spec names the server and the environment variables its client reads. */
export interface ServerInfo {
  /** The name the server announces to MCP clients. */
  readonly name: string;
  /** The stdio bin's name, the first word of its messages. */
  readonly bin: string;
  readonly environment: EnvNames;
  /** What the bin sends as the server's instructions (the docs target's MCP prompt), or null: none. */
  readonly instructions: string | null;
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
  readonly server: ServerInfo;
  /** A former name → the tool's current name. */
  readonly renamed: Readonly<Record<string, string>>;
  /** Each tool's title and hints, by tool name; a tool with neither is not listed. */
  readonly listing: Readonly<Record<string, ToolListing>>;
}
