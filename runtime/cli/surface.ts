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

/** One spec's types, as the generated index.d.ts passes them in. */
export interface SpecTypes {
  /** Each tool of a CLI section → its command keyword, or null. */
  readonly commandMap: object;
  /** The handlers of the local tools offered as commands. */
  readonly handlers: object;
  readonly client: unknown;
}

/** The package's exports, bound by the generated index.d.ts to one spec's types. */
export interface Exports<T extends SpecTypes> {
  /**
   * Every tool of a section exposed on the CLI, mapped to its command keyword,
   * or to null when the spec leaves it out of the CLI on purpose.
   */
  readonly commandMap: T["commandMap"];
  /**
   * Runs one command line (argv without node and the script) and resolves to its exit code:
   * 0 success, 1 platform or network error, 2 usage error. Never calls process.exit.
   */
  main(
    argv: readonly string[],
    options?: MainOptions<T["handlers"], T["client"]>,
  ): Promise<number>;
}
