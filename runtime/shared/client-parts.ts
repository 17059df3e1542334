/**
 * What a package's runtime is passed from the client package. The runtime lives in the client
 * package (its `runtime/<kind>` subpaths), but the client's bound exports (its tools, validators,
 * errors) belong to the generated index.js, which imports the client by its configured name and
 * passes them in.
 */
import type { ToolInfo } from "./data.js";
import type { PlatformCaller } from "./handler.js";
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

/**
 * The client package as a generated index.js imports it (its module namespace): what the
 * runtimes of the other packages are passed from it.
 */
export interface ClientModule {
  readonly tools: readonly ToolInfo[];
  readonly validateInput: (name: string, input: unknown) => string[];
  readonly validateOutput: (name: string, value: unknown) => string[];
  readonly withDefaults: (
    name: string,
    input: { readonly [key: string]: unknown },
  ) => { readonly [key: string]: unknown };
  readonly createClientFromEnv: (env?: Env) => PlatformCaller;
  readonly ClientError: abstract new (...args: never[]) => Error;
  readonly ConfigError: abstract new (...args: never[]) => Error;
  readonly InputError: abstract new (...args: never[]) => Error;
  readonly UnknownWorkspaceError: abstract new (...args: never[]) => Error;
}

/** The ClientParts of the client package's module. */
export function clientParts(client: ClientModule): ClientParts {
  return {
    isClientError: (error) => error instanceof client.ClientError,
    validateInput: client.validateInput,
    withDefaults: client.withDefaults as ClientParts["withDefaults"],
  };
}
