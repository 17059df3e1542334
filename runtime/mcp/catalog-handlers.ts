/*
 * What a runtime (or a consumer of serveTools) gives for the prompts and resources tools.yaml
 * declares as answered by the runtime, and for completions beyond the declared enums.
 */

/** What every prompt, read and completion handler receives. */
export interface CatalogContext {
  /** Aborted when the client cancels the request. */
  readonly signal: AbortSignal;
}

/** A message of a prompt, as prompts/get returns it. */
export interface PromptMessage {
  readonly role: "user" | "assistant";
  readonly content: { readonly type: string; readonly [key: string]: unknown };
}

/** prompts/get's answer: a text (sent as one user message) or the messages themselves. */
export type PromptAnswer =
  | string
  | {
      readonly description?: string;
      readonly messages: readonly PromptMessage[];
    };

/** A runtime prompt's handler: its arguments as the client gave them (each a text). */
export type PromptHandler = (
  args: { readonly [name: string]: string },
  ctx: CatalogContext,
) => Promise<PromptAnswer>;

/** One resource's contents, as resources/read returns them: text, or binary as base64 `blob`. */
export interface ResourceContents {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly blob?: string;
}

/** A read the runtime answers: the uri, and the template it matched with its variables' values. */
export interface ResourceRead {
  readonly uri: string;
  /** The declared uri template the uri matched, or null: a declared resource's own uri. */
  readonly template: string | null;
  readonly params: { readonly [name: string]: string };
}

/** resources/read's answer: a text or bytes (with the declared mime type), or the contents themselves. */
export type ResourceAnswer = string | Uint8Array | readonly ResourceContents[];

export interface ResourceHandlers {
  read(read: ResourceRead, ctx: CatalogContext): Promise<ResourceAnswer>;
  /**
   * Called when a client first subscribes to a resource: call `updated(uri)` whenever a
   * resource changes, and the server sends notifications/resources/updated to the clients
   * subscribed to it. The function returned, if any, is called when no subscription is left.
   */
  watch?(updated: (uri: string) => void): (() => void) | void;
}

/** completion/complete's request, as the client sent it. */
export interface CompletionRequest {
  readonly ref:
    | { readonly type: "ref/prompt"; readonly name: string }
    | { readonly type: "ref/resource"; readonly uri: string };
  readonly argument: { readonly name: string; readonly value: string };
  readonly context?: {
    readonly arguments?: { readonly [name: string]: string };
  };
}

/** Values for an argument or parameter without a declared enum; undefined: none to offer. */
export type Completer = (
  request: CompletionRequest,
  ctx: CatalogContext,
) => Promise<readonly string[] | undefined>;

/** The handlers of the runtime-answered prompts and resources, and the completer. */
export interface CatalogOptions {
  /** One handler per prompt tools.yaml answers by the runtime (`runtime: true`), by name. */
  readonly prompts?: { readonly [name: string]: PromptHandler };
  /** Reads every resource and template tools.yaml gives no text for. */
  readonly resources?: ResourceHandlers;
  readonly complete?: Completer;
}

/** The catalog's handlers a runtime gives, each only when given. */
export function catalogOptions(
  runtime: CatalogOptions | undefined,
): CatalogOptions {
  if (runtime === undefined) return {};
  const { prompts, resources, complete } = runtime;
  return {
    ...(prompts === undefined ? {} : { prompts }),
    ...(resources === undefined ? {} : { resources }),
    ...(complete === undefined ? {} : { complete }),
  };
}
