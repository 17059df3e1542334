import type { ClientPush } from "./push.js";
import type { LocalHandler, PlatformCaller } from "../shared/handler.js";
import type { ToolTable } from "./table.js";
import type { CatalogOptions } from "./catalog-handlers.js";

// What the MCP bin is given, as types only: the stdio and the HTTP bin both read them.

export type { ClientPush } from "./push.js";

/** What a runtime package's createRuntime returns: handlers, and the background work they rely on. */
export interface LocalRuntime extends CatalogOptions {
  readonly handlers: Readonly<Record<string, LocalHandler>>;
  /** Server capabilities the runtime's notifications need (`logging`, `experimental`…), declared by the bin before it connects. */
  readonly capabilities?: Readonly<Record<string, object>>;
  /**
   * Called once the server is connected (registration, polling…); a failure is reported on
   * stderr and the server goes on. `push` sends the connected client notifications of the
   * runtime's own. Optional, as `stop` is.
   */
  start?(push: ClientPush): Promise<void>;
  /** Called when the MCP client goes away: stdin ends or the transport closes. */
  stop?(): Promise<void>;
}

export interface StdioOptions {
  readonly table: ToolTable;
  readonly argv: readonly string[];
  /** Builds the platform client from the environment; throws when the environment is wrong. */
  readonly createClient: () => PlatformCaller;
  /** The runtime of tools.yaml's `targets.mcp.runtime`, whose handlers answer the local tools. */
  readonly createRuntime?: (client: PlatformCaller) => LocalRuntime;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** The environment, for the HTTP token (process.env unless given). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}
