/**
 * What a generated index.js passes its runtime from the client package, which runtime code never
 * imports by name. Written once here and copied into each generated package (`shared/`).
 */

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
