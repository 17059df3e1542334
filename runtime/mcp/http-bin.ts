import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BinArgs } from "./args.js";
import { limitConnections } from "./connections.js";
import { createHttpHandler } from "./http.js";
import { isLoopbackAddress } from "./loopback.js";
import type { ServeOptions } from "./serve.js";
import type { LocalRuntime, StdioOptions } from "./bin-options.js";

/** The path the bin serves MCP at, as MCP clients' configurations expect. */
const PATH = "/mcp";

/**
 * The bin with `--http`: listens, says where on stderr, starts the runtime, and stops both on
 * SIGINT or SIGTERM. Returns 0 once listening, or 2 after one line on stderr (1 when the runtime
 * did not start: the server closes).
 */
export async function serveHttpBin(
  o: StdioOptions,
  args: Extract<BinArgs, { mode: "http" }>,
  serving: ServeOptions,
  runtime: LocalRuntime | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  const program = o.table.server.bin;
  const tokenEnv = o.table.server.httpTokenEnv;
  const token = tokenEnv === null ? "" : (env[tokenEnv] ?? "");
  const handler = createHttpHandler(
    o.table,
    {
      ...serving,
      allowedOrigins: args.allowedOrigins,
      ...(args.sessions && { sessions: args.sessions }),
    },
    env,
  );
  const server = http.createServer((request, response) => {
    if (new URL(request.url ?? "/", "http://localhost").pathname === PATH)
      void handler(request, response);
    else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end(`Not found: MCP is served at ${PATH}\n`);
    }
  });
  limitConnections(server, args.maxConnections);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(args.port, args.host, resolve);
    });
  } catch (error) {
    o.err(
      `${program}: cannot listen on ${JSON.stringify(args.host)} port ${args.port}: ${oneLine(error)}\n`,
    );
    return 2;
  }
  const stop = () => {
    handler.close();
    server.close();
    server.closeAllConnections();
    void runtime?.stop();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const { address, family, port } = server.address() as AddressInfo;
  const host = family === "IPv6" ? `[${address}]` : address;
  o.err(`${program}: serving MCP at http://${host}:${port}${PATH}\n`);
  // The address the socket listens on, whatever form the host was given in.
  if (token === "" && !isLoopbackAddress(address))
    o.err(
      `${program}: warning: listening beyond this machine without a token${tokenEnv === null ? "" : ` (set ${tokenEnv})`}: anyone who reaches the port can call the tools\n`,
    );
  if (runtime !== undefined) {
    try {
      await runtime.start();
    } catch (error) {
      o.err(`${program}: the runtime did not start: ${oneLine(error)}\n`);
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      stop();
      return 1;
    }
  }
  return 0;
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(
    /\s*[\r\n]+\s*/g,
    " ",
  );
}
