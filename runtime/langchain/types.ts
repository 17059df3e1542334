/**
 * The shapes the LangChain runtime works with. The generated index.js reads tools.json
 * (written by toolgen from tools.yaml), joins it to the client package's tools and passes it in
 * with the client package's error test and defaults, so this code never names another package:
 * every name comes from the spec.
 */
import type { ClientParts } from "../shared/client-parts.js";
import type { LocalHandler, PlatformCaller } from "../shared/handler.js";

/** One spec tool: the client's tool table and tools.json joined. */
export interface ToolEntry {
  readonly name: string;
  readonly section: string;
  /** The spec's `langchain.description`, else its `short`: the description every model sees. */
  readonly description: string;
  /** The spec's `when_to_use`, appended to the description on request. */
  readonly whenToUse: string;
  /** Answered by one of the consumer's handlers instead of the platform's HTTP API. */
  readonly local: boolean;
  /** Former names, so that a caller still using one is told the new name. */
  readonly renamedFrom: readonly string[];
  /** The JSON Schema as written in tools.yaml, without the inputs LangChain hides. */
  readonly inputSchema: { readonly [key: string]: unknown };
  /** The inputs LangChain never offers nor sends (`langchain.hide`). */
  readonly hidden?: readonly string[];
}

/** Every tool, as the factory reads them: this package's tools.json joined to the client's `tools`. */
export interface ToolTable {
  /** Section ids in spec order. */
  readonly sections: readonly string[];
  /** Every tool, in spec order. */
  readonly tools: readonly ToolEntry[];
}

export interface CreateToolsOptions {
  readonly client: PlatformCaller;
  readonly handlers?: { readonly [name: string]: LocalHandler | undefined };
  readonly sections?: readonly string[];
  readonly names?: readonly string[];
  readonly appendWhenToUse?: boolean;
  readonly throwOnError?: boolean;
}

/**
 * What the generated index.js injects: the client package's error test and defaults, its
 * validator over this package's schemas (each tool's LangChain view), and its InputError, so that
 * an input that does not fit is refused in toolgen's words, as the Python package refuses it.
 */
export interface Dependencies extends Pick<
  ClientParts,
  "isClientError" | "withDefaults"
> {
  readonly data: ToolTable;
  /** The problems of an input for a tool's LangChain schema, none when it fits. */
  readonly validate: (name: string, input: unknown) => string[];
  /** The client package's InputError, thrown for an input that does not fit. */
  readonly InputError: new (tool: string, problems: readonly string[]) => Error;
}
