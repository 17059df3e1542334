/**
 * The shape of the generated mcp/tools.json, which toolgen writes from tools.yaml
 * (generator/emitters/mcp/index.ts) with this type and the server wiring reads. The tools
 * themselves (names, descriptions, input schemas, which are local) are not repeated here: the
 * generated index.js passes in the client package's `tools`, so each input schema is written once.
 */
import type { EnvNames } from "../shared/data.js";

/** How the spec names the server and the environment variables its client reads. */
export interface ServerInfo {
  /** The name the server announces to MCP clients. */
  readonly name: string;
  /** The stdio bin's name, the first word of its messages. */
  readonly bin: string;
  readonly environment: EnvNames;
  /** The environment variable holding the bearer token HTTP requests must carry, or null: none. */
  readonly httpTokenEnv: string | null;
}

export interface McpData {
  readonly server: ServerInfo;
  /** A former name → the tool's current name. */
  readonly renamed: Readonly<Record<string, string>>;
}
