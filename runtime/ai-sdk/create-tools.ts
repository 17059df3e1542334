import { jsonSchema, tool, type Tool } from "ai";
import { checkClientOptions } from "../shared/client-parts.js";
import { LocalContext } from "../shared/context.js";
import type { ToolInfo } from "../shared/data.js";
import type { CallOptions } from "../shared/handler.js";
import { errorText, isBug } from "../shared/tool-errors.js";
import { viewSchema, withoutHidden } from "../shared/views.js";
import { modelOutput, resultValue } from "./results.js";
import { checkedResult } from "../shared/rich-text.js";
import { isToolResult } from "../shared/tool-result.js";
import type { CreateToolsOptions, Dependencies } from "./types.js";

type Call = (
  input: unknown,
  signal: AbortSignal | undefined,
) => Promise<unknown>;
type Handler = (input: unknown, ctx: unknown) => Promise<unknown>;
type Input = { readonly [key: string]: unknown };

/**
 * Binds the factory to one spec's tool table. The returned `createTools` gives an AI SDK tool
 * set: one `tool()` per selected spec tool, under the tool's name, its input schema passed
 * through `jsonSchema()` and checked by the client package's validator before anything runs.
 */
export function toolFactory(
  deps: Dependencies,
): (options: CreateToolsOptions) => Record<string, Tool> {
  return (options) => {
    checkClientOptions("createTools", options);
    const { client, handlers = {} } = options;
    const selected = select(deps.tools, options.names);
    // Handlers may be a class instance, but a tool named like an Object method must not find that method.
    const handlerOf = (name: string): unknown => {
      const found: unknown = (handlers as Record<string, unknown>)[name];
      return found === (Object.prototype as Record<string, unknown>)[name]
        ? undefined
        : found;
    };
    const missing = selected
      .filter((t) => t.local && typeof handlerOf(t.name) !== "function")
      .map((t) => `'${t.name}'`);
    if (missing.length > 0)
      throw new TypeError(
        `createTools: no handler for the local tool${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`,
      );
    // Built with fromEntries: a tool's name is a key of its own, never a prototype's.
    return Object.fromEntries(
      selected.map((entry) => {
        const call: Call = entry.local
          ? // Called as a method, so that a class instance's handlers keep their `this`; a handler
            // always gets a signal, one that never aborts when the caller gave none.
            (input, signal = new AbortController().signal) =>
              (handlers as Record<string, Handler>)[entry.name]!(
                input,
                new LocalContext(client, signal, "the AI SDK"),
              )
          : (input, signal) =>
              client.$call(
                entry.name,
                input as object,
                signal ? ({ signal } satisfies CallOptions) : undefined,
              );
        return [entry.name, wrap(entry, call, deps)];
      }),
    );
  };
}

function wrap(entry: ToolInfo, call: Call, deps: Dependencies): Tool {
  const view = entry.views.aiSdk;
  return tool({
    description: view.description,
    // A copy: the SDK hands the schema to model providers, which must not be able to edit the table.
    inputSchema: jsonSchema<unknown>(
      structuredClone(viewSchema(entry.inputSchema, view.hidden)) as Parameters<
        typeof jsonSchema
      >[0],
      {
        validate: (given) => {
          // An input the AI SDK view hides is never sent, whatever the model gave; its schema
          // default is filled in before the check, as the model could not give it.
          const value = withoutHidden(given, view.hidden) as Input;
          const problems = deps.validateInput(
            entry.name,
            view.hidden.length > 0
              ? deps.withDefaults(entry.name, value)
              : value,
          );
          return problems.length === 0
            ? { success: true, value }
            : {
                success: false,
                error: new Error(
                  `invalid input for ${entry.name}: ${problems.join("; ")}`,
                ),
              };
        },
      },
    ),
    execute: async (input: unknown, { abortSignal }) => {
      try {
        const value = await call(
          deps.withDefaults(entry.name, input),
          abortSignal,
        );
        if (isToolResult(value)) return checkedResult(entry.name, value);
        return resultValue(value, entry.outputSchema !== null);
      } catch (error) {
        // A failure the model can act on (the platform refused or timed out, a local handler's
        // task failed) becomes the tool error the SDK sends back to the model, worded with the
        // status; a programming error and a cancelled call are thrown as they are.
        const readable =
          deps.isClientError(error) ||
          (entry.local && !isBug(error) && !abortSignal?.aborted);
        if (!readable) throw error;
        throw new Error(errorText(entry.name, error), { cause: error });
      }
    },
    toModelOutput: ({ output }) => modelOutput(output),
  });
}

/** Every tool when no names are given, else those, in spec order; an unknown name is an error. */
function select(
  tools: readonly ToolInfo[],
  names: readonly string[] | undefined,
): ToolInfo[] {
  if (names === undefined) return [...tools];
  if (!Array.isArray(names) || names.some((n) => typeof n !== "string"))
    throw new TypeError("createTools: 'names' must be an array of strings");
  const known = new Set(tools.map((t) => t.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw new Error(
      `createTools: unknown tool${unknown.length > 1 ? "s" : ""} ${unknown.map((n) => `'${n}'`).join(", ")} (tools: ${[...known].join(", ")})`,
    );
  const wanted = new Set(names);
  return tools.filter((t) => wanted.has(t.name));
}
