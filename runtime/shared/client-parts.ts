/**
 * What a generated index.js passes its runtime from the client package, which runtime code never
 * imports by name. Written once here and copied into each generated package (`shared/`).
 */
import { isRecord } from "./record.js";

/** Environment variables by name, as `process.env` holds them. */
export type Env = { readonly [name: string]: string | undefined };

/** The client package's functions the runtimes that call tools take. */
export interface ClientParts {
  /**
   * True for the errors a model can act on: the platform refused, timed out or could not be
   * reached, or a workspace is unknown (the client package's ClientError and its subclasses).
   * Anything else is a bug and is rethrown.
   */
  readonly isClientError: (error: unknown) => boolean;
  /** The client package's validateInput: the problems of an input, none when it fits. */
  readonly validateInput: (name: string, input: unknown) => string[];
  /** The client package's withDefaults: the input with its tool's schema defaults filled in. */
  readonly withDefaults: (name: string, input: unknown) => unknown;
}

/**
 * Checks what a consumer passes createTools or dispatch (LangChain, the AI SDK, function
 * calling): an options object whose `client` is the platform client; a TypeError named after
 * `caller` otherwise. (The MCP server checks its own: its client may be left out when every
 * tool is local.)
 */
export function checkClientOptions(caller: string, options: unknown): void {
  if (!isRecord(options))
    throw new TypeError(`${caller}: pass an options object with a client`);
  const { client } = options;
  if (!isRecord(client) || typeof client.$call !== "function")
    throw new TypeError(
      `${caller}: 'client' must be the platform client (createClient or createClientFromEnv)`,
    );
}
