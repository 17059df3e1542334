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

export interface HandlerContext extends HandlerServices {
  readonly client: PlatformCaller;
  /** Aborted when the caller cancels the call; one that never aborts when the caller gave none. */
  readonly signal: AbortSignal;
}

/** The severities of MCP's logging, least severe first. */
export type LogLevel =
  | "debug"
  | "info"
  | "notice"
  | "warning"
  | "error"
  | "critical"
  | "alert"
  | "emergency";

/** One field of an elicitation form: MCP asks for flat primitive fields only. */
export type ElicitField = {
  readonly title?: string;
  readonly description?: string;
} & (
  | {
      readonly type: "string";
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly format?: "email" | "uri" | "date" | "date-time";
      readonly default?: string;
    }
  | {
      // One of a list (MCP 2025-11-25's single-select enums): untitled, or with the names
      // shown for the values (`enumNames`, the older form).
      readonly type: "string";
      readonly enum: readonly string[];
      readonly enumNames?: readonly string[];
      readonly default?: string;
    }
  | {
      // One of a list, each value with its own title.
      readonly type: "string";
      readonly oneOf: readonly ElicitChoice[];
      readonly default?: string;
    }
  | {
      readonly type: "number" | "integer";
      readonly minimum?: number;
      readonly maximum?: number;
      readonly default?: number;
    }
  | { readonly type: "boolean"; readonly default?: boolean }
  | {
      // Several of a list: untitled values, or each with its own title.
      readonly type: "array";
      readonly items:
        | { readonly type?: "string"; readonly enum: readonly string[] }
        | { readonly anyOf: readonly ElicitChoice[] };
      readonly minItems?: number;
      readonly maxItems?: number;
      readonly default?: readonly string[];
    }
);

/** A value an elicitation's field offers, with the name the user sees. */
export interface ElicitChoice {
  readonly const: string;
  readonly title: string;
}

/** The form an elicitation asks the user to fill in. */
export interface ElicitSchema {
  readonly type: "object";
  readonly properties: { readonly [name: string]: ElicitField };
  readonly required?: readonly string[];
}

/** The user's answer: the form's values when they accepted, else whether they declined or dismissed it. */
export type ElicitResult =
  | {
      readonly action: "accept";
      readonly content: {
        readonly [name: string]: string | number | boolean | readonly string[];
      };
    }
  | { readonly action: "decline" | "cancel" };

/** What a sampling message holds. */
export type SamplingContent =
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "image" | "audio";
      /** Base64. */
      readonly data: string;
      readonly mimeType: string;
    };

/** A request for the client's model to write the next message (MCP's sampling/createMessage). */
export interface SampleRequest {
  readonly messages: readonly {
    readonly role: "user" | "assistant";
    readonly content: SamplingContent;
  }[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
  readonly includeContext?: "none" | "thisServer" | "allServers";
  readonly modelPreferences?: {
    readonly hints?: readonly { readonly name?: string }[];
    readonly costPriority?: number;
    readonly speedPriority?: number;
    readonly intelligencePriority?: number;
  };
  readonly metadata?: object;
}

/** The message the client's model wrote. */
export interface SampleResult {
  readonly role: "user" | "assistant";
  readonly content: SamplingContent;
  /** The model that wrote it, as the client names it. */
  readonly model: string;
  readonly stopReason?: string;
}

/**
 * What a handler may ask of whoever called its tool. Under MCP: progress and log become
 * notifications, elicit and sample requests to the client. Elsewhere (LangChain, the AI SDK,
 * dispatch, the CLI) progress and log do nothing and elicit and sample fail, saying why.
 */
export interface HandlerServices {
  /**
   * Reports how far the call has come (`done` of `total`, when known), sent only when the
   * client asked for progress; at most one every 100 ms, the first and the last (done reaching
   * total) always sent, and only values that grow.
   */
  progress(done: number, total?: number, message?: string): Promise<void>;
  /** A log message to the client, sent at or above the level it set (logging/setLevel). */
  log(level: LogLevel, data: unknown): Promise<void>;
  /** Asks the user to fill in a form; fails when the client or transport cannot. */
  elicit(message: string, schema: ElicitSchema): Promise<ElicitResult>;
  /** Asks the client's model for a message; fails when the client or transport cannot. */
  sample(request: SampleRequest): Promise<SampleResult>;
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
