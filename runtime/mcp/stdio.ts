import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createToolServer, type LocalHandler, type PlatformCaller } from "./serve.js";
import type { ServerInfo, ToolTable } from "./table.js";

export interface StdioOptions {
  readonly table: ToolTable;
  readonly argv: readonly string[];
  /** Builds the platform client from the environment; throws when the environment is wrong. */
  readonly createClient: () => PlatformCaller;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/**
 * The bin's whole life: starts serving on stdin/stdout and returns 0, or returns 2 after one
 * line on stderr. Nothing else may reach stdout, which belongs to the protocol.
 */
export async function runStdio(o: StdioOptions): Promise<number> {
  const program = o.table.server.bin;
  if (o.argv.includes("--help") || o.argv.includes("-h")) {
    o.out(usage(o.table.server));
    return 0;
  }
  if (o.argv.length > 0) {
    o.err(`${program}: unexpected argument ${JSON.stringify(o.argv[0])}; it takes none (see ${program} --help)\n`);
    return 2;
  }
  let client: PlatformCaller;
  try {
    client = o.createClient();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    o.err(`${program}: ${message.replace(/\s*[\r\n]+\s*/g, " ")}\n`);
    return 2;
  }
  // Until this runtime implements its local tools, each answers that it has no handler.
  const server = createToolServer(o.table, { client, handlers: unhandledLocalTools(o.table.local) });
  await server.connect(new StdioServerTransport());
  return 0;
}

/** Handlers that answer every local tool with an error, for a runtime that implements none yet. */
export function unhandledLocalTools(names: readonly string[]): Record<string, LocalHandler> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      async () => {
        throw new Error(`this runtime has no handler for ${name}`);
      },
    ]),
  );
}

function usage({ bin, environment: env }: ServerInfo): string {
  return [
    `Usage: ${bin}`,
    "",
    "Serves the platform's tools over MCP on stdin and stdout, configured from the environment:",
    `  ${env.baseUrl}  the platform's base URL`,
    `  ${env.workspaceId}, ${env.token}  the workspace to act in and its token`,
    `  ${env.workspaces}  instead, for several workspaces: a JSON array of {"id": ..., "token": ...}`,
    "",
  ].join("\n");
}
