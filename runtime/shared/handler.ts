/**
 * The call and handler types every runtime package that serves tools (MCP, LangChain, CLI) works
 * with. Written once here and bundled once, into the client package's runtime, which the other
 * packages import by the client's name.
 */

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** The part of the generated PlatformClient the runtimes use: every HTTP tool goes through `$call`. */
export interface PlatformCaller {
  $call(name: string, input: object, options?: CallOptions): Promise<unknown>;
}

export interface HandlerContext {
  readonly client: PlatformCaller;
  /** Aborted when the caller cancels the call; one that never aborts when the caller gave none. */
  readonly signal: AbortSignal;
}

// The generated index.d.ts types each handler's input precisely; here every input is an object.
export type LocalHandler = (
  input: never,
  ctx: HandlerContext,
) => Promise<unknown>;

/** What a package's handler types need of its spec's types. */
export interface HandlerTypes {
  /** Every tool's name. */
  readonly toolName: string;
  /** The names of the tools the agent's runtime handles itself. */
  readonly localToolName: string;
  /** The handlers of the local tools, by tool name. */
  readonly handlers: object;
}

/** One spec's types, as a generated index.d.ts passes them to its package's typed surface. */
export interface SpecTypes extends HandlerTypes {
  /** Each tool's name → its input type. */
  readonly inputs: object;
  /** The client package's PlatformClient. */
  readonly client: unknown;
}

/** The handlers the selected local tools need; more may be passed. */
export type HandlersOption<
  T extends HandlerTypes,
  Selected extends T["toolName"],
> = [Extract<Selected, T["localToolName"]>] extends [never]
  ? { readonly handlers?: Partial<T["handlers"]> }
  : {
      readonly handlers: Pick<
        T["handlers"],
        Extract<Selected, T["localToolName"]> & keyof T["handlers"]
      > &
        Partial<T["handlers"]>;
    };

/** The input type of the tools named N. */
export type InputOf<T extends SpecTypes, N> = T["inputs"][N &
  keyof T["inputs"]];
