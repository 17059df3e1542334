/**
 * The shape of the generated mcp/tools.json, which toolgen writes from tools.yaml
 * (generator/emitters/mcp/index.ts) with this type and the server wiring reads. The tools
 * themselves (names, descriptions, input and output schemas, which are local) are not repeated
 * here: the generated index.js passes in the client package's `tools`, so each schema is
 * written once. Nor are the server's instructions: the generated code imports them from the
 * prompts package (its `mcpPrompt`), which holds the one copy of that text.
 */
import type { EnvNames } from "../shared/data.js";
import type { CatalogData } from "./catalog-data.js";

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
  /** Another annotation the spec declares, as written. */
  readonly [other: string]: unknown;
  /** The title for clients of MCP 2025-03-26, which read it only here: only a declared one. */
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** What tools/list says of a tool besides its name, description and schemas: each only as declared. */
export interface ToolListing {
  /** The human-readable name clients show instead of the tool's name. */
  readonly title?: string;
  readonly annotations?: ToolHints;
  /** MCP's execution settings (2025-11-25): task support is always forbidden. */
  readonly execution?: { readonly taskSupport: "forbidden" };
  readonly icons?: readonly Icon[];
  /** Sent as the tool's `_meta`. */
  readonly meta?: { readonly [key: string]: unknown };
}

/** An icon as MCP lists it (2025-11-25). */
export interface Icon {
  readonly src: string;
  readonly mimeType?: string;
  readonly sizes?: readonly string[];
  readonly theme?: "light" | "dark";
}

/** The server, the tools' listing, and the prompts and resources (catalog-data.ts), each list only when not empty. */
export interface McpData extends Partial<CatalogData> {
  readonly server: ServerData;
  /** A former name → the tool's current name. */
  readonly renamed: Readonly<Record<string, string>>;
  /** Each tool's title, hints, execution, icons and _meta, by tool name; a tool with none is not listed. */
  readonly listing: Readonly<Record<string, ToolListing>>;
}
