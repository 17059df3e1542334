import { checkClientOptions } from "../shared/client-parts.js";
import { LocalContext } from "../shared/context.js";
import { closest } from "../shared/distance.js";
import type { CallOptions } from "../shared/handler.js";
import { errorText, isBug } from "../shared/tool-errors.js";
import { resultText } from "../shared/result-text.js";
import { checkedResult, richText } from "../shared/rich-text.js";
import { isToolResult } from "../shared/tool-result.js";
import { withoutHidden } from "../shared/views.js";
import type { DispatchResult } from "./surface.js";
import type { Dependencies, DispatchOptions } from "./types.js";

const failed = (text: string): DispatchResult => ({ text, isError: true });

type Handler = (input: unknown, ctx: unknown) => Promise<unknown>;
type Input = { readonly [key: string]: unknown };

/**
 * Binds dispatch to one spec's tool table: the function runs one tool call a model made and
 * answers the text to send back to it, with whether it tells of a failure: the result, or what went wrong in words
 * the model can act on (an unknown or renamed tool, arguments that are not JSON or do not fit
 * the schema, the platform's refusal with its status). It throws only for the caller's own
 * mistakes (no client, a local tool without a handler), a bug in a handler, or a cancelled call.
 *
 * `args` is what the provider gave: a JSON string (OpenAI's `arguments`) or an object
 * (Anthropic's `input`).
 */
export function dispatcher(
  deps: Dependencies,
): (
  name: string,
  args: unknown,
  options: DispatchOptions,
) => Promise<DispatchResult> {
  const byName = new Map(deps.tools.map((t) => [t.name, t]));
  return async (name, args, options) => {
    checkClientOptions("dispatch", options);
    const { client, handlers = {}, signal } = options;
    const tool = typeof name === "string" ? byName.get(name) : undefined;
    if (tool === undefined) return failed(unknownTool(deps, name));
    const parsed = parseArguments(args);
    if (!parsed.ok) return failed(`Error from ${tool.name}: ${NOT_JSON}`);
    // An input the function-calling view hides is never sent, whatever the model gave; its
    // schema default is filled in before the check, as the model could not give it.
    const { hidden } = tool.views.functionCalling;
    const given = withoutHidden(parsed.value, hidden) as Input;
    const problems = deps.validateInput(
      tool.name,
      hidden.length > 0 ? deps.withDefaults(tool.name, given) : given,
    );
    if (problems.length > 0)
      return failed(
        `Error from ${tool.name}: invalid input: ${problems.join("; ")}`,
      );
    const input = deps.withDefaults(tool.name, given);
    if (tool.local) {
      // Handlers may be a class instance, but a tool named like an Object method must not find that method.
      const found: unknown = (handlers as Record<string, unknown>)[tool.name];
      if (
        typeof found !== "function" ||
        found === (Object.prototype as Record<string, unknown>)[tool.name]
      )
        throw new TypeError(
          `dispatch: no handler for the local tool '${tool.name}'`,
        );
    }
    try {
      const value = tool.local
        ? // Called as a method, so that a class instance's handlers keep their `this`; a handler
          // always gets a signal, one that never aborts when the caller gave none.
          await (handlers as Record<string, Handler>)[tool.name]!(
            input,
            new LocalContext(
              client,
              signal ?? new AbortController().signal,
              "dispatch",
            ),
          )
        : await client.$call(
            tool.name,
            input as object,
            signal ? ({ signal } satisfies CallOptions) : undefined,
          );
      if (isToolResult(value)) {
        const rich = checkedResult(tool.name, value);
        return {
          text: richText(rich),
          isError: rich.isError === true,
          content: rich.content,
          ...(rich.structuredContent === undefined
            ? {}
            : { structuredContent: rich.structuredContent }),
        };
      }
      return { text: resultText(value), isError: false };
    } catch (error) {
      const readable =
        deps.isClientError(error) ||
        (tool.local && !isBug(error) && !signal?.aborted);
      if (!readable) throw error;
      return failed(errorText(tool.name, error));
    }
  };
}

/**
 * What the model reads for arguments that are not JSON: toolgen's words, never the parser's
 * (V8's and Python's differ), the same in the Python package
 * (runtime/python/toolgen_core/function_calling.py).
 */
const NOT_JSON =
  "the arguments are not valid JSON: send the tool's inputs as one JSON object";

type Parsed =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/** OpenAI sends the arguments as JSON text (empty for none), Anthropic as an object. */
function parseArguments(args: unknown): Parsed {
  if (args === undefined || args === null) return { ok: true, value: {} };
  if (typeof args !== "string") return { ok: true, value: args };
  if (args.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(args) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The text for a name the spec has no tool by: its new name, a near miss, or the list. */
function unknownTool(deps: Dependencies, name: unknown): string {
  const shown = JSON.stringify(typeof name === "string" ? name : String(name));
  const renamed =
    typeof name === "string" && Object.hasOwn(deps.data.renamed, name)
      ? deps.data.renamed[name]
      : undefined;
  if (renamed !== undefined)
    return `Error: there is no tool ${shown}: it was renamed to "${renamed}"`;
  const names = deps.tools.map((t) => t.name);
  const near = typeof name === "string" ? closest(name, names) : undefined;
  return near === undefined
    ? `Error: there is no tool ${shown} (tools: ${names.join(", ")})`
    : `Error: there is no tool ${shown}: did you mean "${near}"?`;
}
