import { normalizeOrigin } from "./origin.js";
import { DEFAULT_MAX_SESSIONS } from "./sessions.js";

/** What the bin was asked to do. */
export type BinArgs =
  | { readonly mode: "help" }
  | { readonly mode: "stdio" }
  | {
      readonly mode: "http";
      /** The host to listen on, without brackets (`::1`). */
      readonly host: string;
      readonly port: number;
      /** The origins given with --allow-origin, as browsers send them. */
      readonly allowedOrigins: readonly string[];
      /** The most connections held open at once (--max-connections). */
      readonly maxConnections: number;
      /** Session mode (--sessions), with at most this many sessions (--max-sessions); absent when stateless. */
      readonly sessions?: { readonly maxSessions: number };
    };

/** The host `--http PORT` listens on: this machine only. */
const DEFAULT_HOST = "127.0.0.1";

/** The most connections the HTTP bin holds open at once, unless --max-connections says. */
export const DEFAULT_MAX_CONNECTIONS = 256;

const FLAGS = [
  "--http",
  "--allow-origin",
  "--max-connections",
  "--sessions",
  "--max-sessions",
];

/**
 * The bin's arguments: none (stdio), `--http [host:]port` with any `--allow-origin ORIGIN`,
 * `--max-connections N`, `--sessions` and `--max-sessions N`, or --help. A problem comes back as
 * its message, which names the argument.
 */
export function parseBinArgs(argv: readonly string[]): BinArgs | string {
  if (argv.includes("--help") || argv.includes("-h")) return { mode: "help" };
  let http: string | undefined;
  let max: number | undefined;
  let sessions = false;
  let maxSessions: number | undefined;
  const origins: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = splitFlag(arg);
    if (!FLAGS.includes(flag))
      return `unexpected argument ${JSON.stringify(arg)}`;
    if (flag === "--sessions") {
      if (inline !== undefined) return "--sessions takes no value";
      sessions = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) return `${flag} needs a value`;
    if (flag === "--http") {
      if (http !== undefined) return "--http is given twice";
      http = value;
    } else if (flag === "--max-connections") {
      if (max !== undefined) return "--max-connections is given twice";
      max = /^[1-9]\d{0,5}$/.test(value) ? Number(value) : NaN;
      if (!(max <= 100_000))
        return `--max-connections ${JSON.stringify(value)} is not a number from 1 to 100000`;
    } else if (flag === "--max-sessions") {
      if (maxSessions !== undefined) return "--max-sessions is given twice";
      maxSessions = /^[1-9]\d{0,5}$/.test(value) ? Number(value) : NaN;
      if (!(maxSessions <= 100_000))
        return `--max-sessions ${JSON.stringify(value)} is not a number from 1 to 100000`;
    } else {
      const origin = normalizeOrigin(value);
      if (origin === undefined)
        return `--allow-origin ${JSON.stringify(value)} is not an origin (scheme://host[:port])`;
      origins.push(origin);
    }
  }
  if (http === undefined) {
    if (origins.length > 0) return "--allow-origin needs --http";
    if (sessions) return "--sessions needs --http";
    return max === undefined
      ? maxSessions === undefined
        ? { mode: "stdio" }
        : "--max-sessions needs --sessions"
      : "--max-connections needs --http";
  }
  if (maxSessions !== undefined && !sessions)
    return "--max-sessions needs --sessions";
  const address = parseAddress(http);
  if (typeof address === "string") return address;
  return {
    mode: "http",
    ...address,
    allowedOrigins: origins,
    maxConnections: max ?? DEFAULT_MAX_CONNECTIONS,
    ...(sessions && {
      sessions: { maxSessions: maxSessions ?? DEFAULT_MAX_SESSIONS },
    }),
  };
}

function splitFlag(arg: string): [string, string | undefined] {
  const eq = arg.indexOf("=");
  return arg.startsWith("--") && eq > 0
    ? [arg.slice(0, eq), arg.slice(eq + 1)]
    : [arg, undefined];
}

/** `PORT`, `HOST:PORT` or `[IPv6]:PORT`. */
function parseAddress(text: string): { host: string; port: number } | string {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:[\]]+):)?(\d{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (match === null || port > 65535)
    return `--http ${JSON.stringify(text)} is not [host:]port (a port from 0 to 65535)`;
  const host = match[1] ?? DEFAULT_HOST;
  return { host: host.replace(/^\[(.*)\]$/, "$1"), port };
}
