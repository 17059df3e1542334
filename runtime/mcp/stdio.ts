import type { LocalHandler, PlatformCaller } from "../shared/handler.js";
import { printable } from "../shared/printable.js";
import { tokensInEnv } from "../client/env.js";
import { credentialVariables, hasWorkspaces } from "../shared/data.js";
import { redact } from "../client/redact.js";
import { DEFAULT_MAX_CONNECTIONS, parseBinArgs } from "./args.js";
import { serveHttpBin } from "./http-bin.js";
import { DEFAULT_MAX_SESSIONS } from "./sessions.js";
import { LineTransport } from "./stdio-lines.js";
import { preferredLine } from "./sdk.js";
import { createToolServer } from "./serve.js";
import { pushTo } from "./push.js";
import type { ServerInfo } from "./table.js";
import { catalogOptions } from "./catalog-handlers.js";
import type { LocalRuntime, StdioOptions } from "./bin-options.js";

export type { ClientPush, LocalRuntime, StdioOptions } from "./bin-options.js";

/**
 * The bin's whole life: starts serving on stdin/stdout (or over HTTP with `--http`) and returns
 * 0, or returns 2 after one line on stderr (1 when the runtime did not start: serving ends).
 * Nothing else may reach stdout, which belongs to the protocol.
 */
export async function runStdio(o: StdioOptions): Promise<number> {
  const program = o.table.server.bin;
  const args = parseBinArgs(o.argv);
  if (typeof args === "string") {
    // A token typed as an argument by mistake is quoted back: never print it.
    const { environment, httpTokenEnv } = o.table.server;
    const tokens = tokensInEnv(o.env ?? process.env, environment, [
      ...(httpTokenEnv === null ? [] : [httpTokenEnv]),
    ]);
    o.err(redact(`${program}: ${args} (see ${program} --help)\n`, tokens));
    return 2;
  }
  if (args.mode === "help") {
    o.out(usage(o.table.server));
    return 0;
  }
  let client: PlatformCaller;
  let runtime: LocalRuntime | undefined;
  try {
    client = platformClient(o);
    runtime = o.createRuntime?.(client);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    o.err(`${program}: ${oneLine(message)}\n`);
    return 2;
  }
  // Without a runtime package, each local tool answers that it has no handler.
  const serving = {
    client,
    handlers: runtime?.handlers ?? unhandledLocalTools(o.table.local),
    // The runtime's prompts, resources and completions, each when it has them.
    ...catalogOptions(runtime),
    // The docs target's MCP prompt, unless tools.yaml says instructions: false.
    ...serverInstructions(o.table.server),
  };
  if (args.mode === "http")
    return serveHttpBin(o, args, serving, runtime, o.env ?? process.env);
  const server = createToolServer(o.table, serving);
  if (runtime?.capabilities !== undefined)
    server.registerCapabilities(runtime.capabilities);
  // Not the SDK's StdioServerTransport: it leaves a line that is not JSON unanswered, and ends
  // the server with no word (exit 0) on a line over its size limit.
  await server.connect(
    new LineTransport(preferredLine(o.table.sdks).parseMessage),
  );
  if (runtime !== undefined) {
    const started = runtime;
    // The SDK's transport does not notice stdin's end; the runtime's loops must not outlive the client.
    const stop = () => void started.stop?.();
    process.stdin.once("end", stop);
    server.onclose = stop;
    try {
      await started.start?.(pushTo(server));
    } catch (error) {
      // A runtime that did not start cannot serve its local tools as it should: serving ends.
      o.err(
        `${program}: the runtime did not start: ${oneLine(error instanceof Error ? error.message : String(error))}\n`,
      );
      await server.close();
      return 1;
    }
  }
  return 0;
}

/** The instructions the bin sends, when tools.json holds any. */
function serverInstructions(info: ServerInfo): { instructions?: string } {
  return info.instructions === null ? {} : { instructions: info.instructions };
}

/** A message as one line of stderr: line breaks and the spaces around them as one space, then every other control character escaped. */
function oneLine(message: string): string {
  return printable(message.replace(/\s*[\r\n]+\s*/g, " "));
}

/** Handlers that answer every local tool with an error, for a runtime that implements none yet. */
export function unhandledLocalTools(
  names: readonly string[],
): Record<string, LocalHandler> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      async () => {
        throw new Error(`this runtime has no handler for ${name}`);
      },
    ]),
  );
}

function usage({ bin, environment: env, httpTokenEnv }: ServerInfo): string {
  return [
    `Usage: ${bin} [--http [host:]port [--allow-origin origin]... [--max-connections n]]`,
    `   or: ${bin} --http [host:]port --sessions [--max-sessions n] [the options above]`,
    "",
    "Serves the platform's tools over MCP on stdin and stdout, or with --http over Streamable",
    "HTTP at /mcp (host 127.0.0.1 unless given). Browser pages from localhost may call it, and",
    "those of each --allow-origin (scheme://host[:port]), which alone get CORS headers. At most",
    `--max-connections connections are held open (${DEFAULT_MAX_CONNECTIONS} unless given): idle ones are closed to`,
    "make room.",
    "",
    "Each POST is answered alone, as JSON, unless --sessions: then each client gets a session",
    "whose answers and notifications stream over SSE and resume with Last-Event-ID; at most",
    `--max-sessions sessions (${DEFAULT_MAX_SESSIONS} unless given), the least recently used closed to make room.`,
    "",
    "Configured from the environment:",
    ...(hasWorkspaces(env)
      ? [
          `  ${env.baseUrl}  the platform's base URL`,
          `  ${env.workspaceId}, ${env.token}  the workspace to act in and its token`,
          `  ${env.workspaces}  instead, for several workspaces: a JSON array of {"id": ..., "token": ...}`,
        ]
      : [
          `  ${env.baseUrl}  the API's base URL${env.defaultBaseUrl === undefined ? "" : ` (default ${env.defaultBaseUrl})`}`,
          ...credentialVariables(env.auth).map(
            ([name, what]) =>
              `  ${name}  ${what[0]!.toLowerCase()}${what.slice(1)}`,
          ),
        ]),
    ...(httpTokenEnv === null
      ? []
      : [
          `  ${httpTokenEnv}  with --http: the bearer token every request must carry`,
        ]),
    "",
  ].join("\n");
}

/**
 * The platform client from the environment. A server whose every tool is local (an imported
 * one) starts without the platform's settings: its handlers get a client whose calls fail with
 * what is missing, as the bin would have said it.
 */
function platformClient(o: StdioOptions): PlatformCaller {
  try {
    return o.createClient();
  } catch (error) {
    const { local, tools } = o.table;
    if (local.length === 0 || local.length < tools.length) throw error;
    const refuse = () => Promise.reject(error);
    return { $call: refuse, $request: refuse } as PlatformCaller;
  }
}
