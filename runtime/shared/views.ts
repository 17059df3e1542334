/**
 * What each consumer shows of a tool (the spec's per-target `mcp:`, `langchain:` and `cli:`
 * blocks): its own description instead of `short`, and the inputs it never offers nor sends.
 * The client package's tools.json holds the views a spec declares; the client resolves them once,
 * when it is bound (resolveViews, into `tools[].views`), and the MCP and LangChain runtimes read
 * their own from there. (The generator resolves the same views in its model, for what it writes:
 * the client's tools.json, the CLI's commands.json, the prompt docs.)
 */
import type { ToolView, ViewData, ViewTarget } from "./data.js";
import { isRecord } from "./record.js";

/** A tool's input schema as one consumer offers it: the hidden inputs left out of it. */
export function viewSchema(
  schema: { readonly [key: string]: unknown },
  hidden: readonly string[],
): { readonly [key: string]: unknown } {
  if (hidden.length === 0) return schema;
  const properties = schema.properties as
    { readonly [key: string]: unknown } | undefined;
  const kept = Object.fromEntries(
    Object.entries(properties ?? {}).filter(([name]) => !hidden.includes(name)),
  );
  const out: { [key: string]: unknown } = { ...schema, properties: kept };
  if (Array.isArray(schema.required)) {
    const required = (schema.required as unknown[]).filter(
      (name) => !hidden.includes(String(name)),
    );
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  return out;
}

/**
 * The input a consumer passes on: a hidden input is never sent, whatever the caller gave (its
 * schema default, if any, is filled in afterwards, as for any input left out).
 */
export function withoutHidden(
  input: unknown,
  hidden: readonly string[],
): unknown {
  if (hidden.length === 0 || !isRecord(input)) return input;
  return Object.fromEntries(
    Object.entries(input).filter(([name]) => !hidden.includes(name)),
  );
}

/**
 * Every consumer's view of a tool, frozen: its own block's description over the tool's short,
 * and the inputs the block hides (none without a block).
 */
export function resolveViews(tool: {
  readonly short: string;
  readonly views?: { readonly [T in ViewTarget]?: ViewData };
}): { readonly [T in ViewTarget]: ToolView } {
  const view = (target: ViewTarget): ToolView => {
    const own = tool.views?.[target];
    return Object.freeze({
      description: own?.description ?? tool.short,
      hidden: Object.freeze([...(own?.hide ?? [])]),
    });
  };
  return Object.freeze({
    mcp: view("mcp"),
    langchain: view("langchain"),
    aiSdk: view("aiSdk"),
    functionCalling: view("functionCalling"),
    cli: view("cli"),
  });
}
