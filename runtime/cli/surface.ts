import type { Env } from "../shared/client-parts.js";

/*
 * The typed surface of the CLI package's main, written once for every spec. The generated
 * index.d.ts binds it to one spec's handlers and client, under the package's names.
 */

/** What a runtime package's createRuntime returns, as far as one command needs it. */
export interface CommandRuntime<Handlers> {
  readonly handlers: Handlers;
  /** Called once the command has ended, whatever its outcome. */
  stop?(): Promise<void>;
}

export interface MainOptions<Handlers, Client> {
  /** Without a handler here or from `runtime`, a local tool's command prints why and exits 1. */
  readonly handlers?: Handlers;
  /**
   * Makes the handlers for a local tool's command that `handlers` does not answer: only for
   * such a command, after the client, never started, and stopped when the command ends.
   */
  readonly runtime?: (
    client: Client,
    env: Env,
  ) => CommandRuntime<Handlers> | Promise<CommandRuntime<Handlers>>;
  /** A ready client; by default one is made from `env` by createClientFromEnv. */
  readonly client?: Client;
  /** Defaults to process.env. */
  readonly env?: Env;
  /** Defaults to process.stdout. */
  readonly stdout?: (text: string) => void;
  /** Defaults to process.stderr. */
  readonly stderr?: (text: string) => void;
  /** Passed to the client and to handlers. */
  readonly signal?: AbortSignal;
}
