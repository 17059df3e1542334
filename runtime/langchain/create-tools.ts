import { ToolMessage } from "@langchain/core/messages";
import {
  tool,
  type DynamicStructuredTool,
  type ToolRunnableConfig,
} from "@langchain/core/tools";
import { checkClientOptions } from "../shared/client-parts.js";
import { LocalContext } from "../shared/context.js";
import { withoutHidden } from "../shared/views.js";
import { errorText } from "../shared/tool-errors.js";
import { resultText } from "../shared/result-text.js";
import { checkedResult } from "../shared/rich-text.js";
import { isToolResult } from "../shared/tool-result.js";
import { richMessage, type ContentBlock } from "./rich.js";
import { selectTools } from "./select.js";
import type { CreateToolsOptions, Dependencies, ToolEntry } from "./types.js";
import { isRecord } from "../shared/record.js";

type Call = (
  input: unknown,
  signal: AbortSignal | undefined,
) => Promise<unknown>;

/**
 * Binds the factory to one spec's tool table. The returned `createTools` gives one
 * `@langchain/core` tool per selected spec tool, each validating its input against the
 * spec's JSON Schema before anything is sent.
 */
export function toolFactory(
  deps: Dependencies,
): (options: CreateToolsOptions) => DynamicStructuredTool[] {
  return (options) => {
    checkClientOptions("createTools", options);
    const {
      client,
      handlers = {},
      appendWhenToUse = false,
      throwOnError = false,
    } = options;
    const selected = selectTools(deps.data, options.sections, options.names);
    // Handlers may be a class instance, but a tool named like an Object method must not find that method.
    const handlerOf = (name: string) => {
      const found: unknown = handlers[name];
      return found === (Object.prototype as Record<string, unknown>)[name]
        ? undefined
        : found;
    };
    const missing = selected
      .filter((t) => t.local && typeof handlerOf(t.name) !== "function")
      .map((t) => t.name);
    if (missing.length > 0) {
      throw new TypeError(
        `createTools: no handler for the local tool${missing.length > 1 ? "s" : ""} ${missing.map((n) => `'${n}'`).join(", ")}`,
      );
    }
    return selected.map((entry) => {
      const call: Call = entry.local
        ? // Called as a method, so that a class instance's handlers keep their `this`; a handler
          // always gets a signal (as under MCP), one that never aborts when the caller gave none.
          (input, signal = new AbortController().signal) =>
            (
              handlers as Record<
                string,
                (input: unknown, ctx: unknown) => Promise<unknown>
              >
            )[entry.name]!(input, new LocalContext(client, signal, "LangChain"))
        : (input, signal) =>
            (
              client.$call as (
                name: string,
                input: unknown,
                o?: object,
              ) => Promise<unknown>
            )(entry.name, input, signal ? { signal } : undefined);
      return wrap(entry, call, {
        appendWhenToUse,
        throwOnError,
        isClientError: deps.isClientError,
        withDefaults: deps.withDefaults,
        validate: deps.validate,
        InputError: deps.InputError,
      });
    });
  };
}

interface WrapOptions extends Pick<
  Dependencies,
  "isClientError" | "withDefaults" | "validate" | "InputError"
> {
  readonly appendWhenToUse: boolean;
  readonly throwOnError: boolean;
}

function wrap(
  entry: ToolEntry,
  call: Call,
  o: WrapOptions,
): DynamicStructuredTool {
  const run = async (
    input: unknown,
    config?: ToolRunnableConfig,
  ): Promise<string | ToolMessage | ContentBlock[]> => {
    try {
      // An input the LangChain view hides is never sent, whatever the caller gave.
      const shown = withoutHidden(input, entry.hidden ?? []);
      const value = await call(
        o.withDefaults(entry.name, shown),
        config?.signal,
      );
      if (!isToolResult(value)) return resultText(value);
      return richMessage(entry.name, checkedResult(entry.name, value), config);
    } catch (error) {
      // A local handler's failure (a delegation the peer failed, an attachment that is gone) is
      // the model's to read, as MCP returns it; a programming error in it is a bug, and a
      // cancelled call stays cancelled.
      const readable =
        o.isClientError(error) ||
        (entry.local && !isBug(error) && !config?.signal?.aborted);
      if (o.throwOnError || !readable) throw error;
      const content = errorText(entry.name, error);
      const id = config?.toolCall?.id;
      // Through a tool call the failure is marked as such, so that agent loops and tracing see it.
      return id
        ? new ToolMessage({
            content,
            tool_call_id: id,
            name: entry.name,
            status: "error",
          })
        : content;
    }
  };
  const made = tool(run, {
    name: entry.name,
    description: o.appendWhenToUse
      ? `${entry.description}\n\n${entry.whenToUse}`
      : entry.description,
    // A copy: LangChain hands the schema to model providers, which must not be able to edit the table.
    schema: structuredClone(entry.inputSchema) as Record<string, unknown>,
    // Without it the rejection says only that the input "did not match", never which field.
    verboseParsingErrors: true,
  }) as DynamicStructuredTool;
  // The input is checked by the client's validator before LangChain's own check (its JSON Schema
  // validator, with its own words): one that does not fit throws the client's InputError, worded
  // by toolgen as every target and the Python package word it. `invoke` and `call` both end here.
  const parseAndRun = made.call.bind(made);
  made.call = async (arg, configArg, tags) => {
    const problems = o.validate(entry.name, isToolCall(arg) ? arg.args : arg);
    if (problems.length > 0) throw new o.InputError(entry.name, problems);
    return parseAndRun(arg, configArg, tags);
  };
  return made;
}

/** A LangChain tool call (`{ type: "tool_call", args, id }`), as @langchain/core tells one. */
function isToolCall(arg: unknown): arg is { readonly args: unknown } {
  return isRecord(arg) && arg.type === "tool_call";
}

/** The errors JavaScript throws for code that is wrong, not for a call that failed. */
function isBug(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof SyntaxError ||
    error instanceof RangeError
  );
}
