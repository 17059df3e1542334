import type { Json } from "./types.js";

/**
 * What a model reads back from a successful call: text as it came, structured answers as
 * compact JSON (fewer tokens than indented JSON, read just as well), and a plain sentence
 * when the platform answered with nothing, since an empty tool message confuses models.
 */
export function resultText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "Done: the call returned no content.";
  return JSON.stringify(value) ?? String(value);
}

/**
 * The error a model reads instead of an exception. Client errors never carry tokens
 * (the client package guarantees it), so their message is safe to show. The HTTP status is
 * given because models act on it (retry a 503, not a 404).
 */
export function errorText(tool: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const status = statusOf(error);
  // The client starts some messages with the tool's name, which the prefix already gives.
  const reason = message.startsWith(`${tool}: `) ? message.slice(tool.length + 2) : message;
  return `Error from ${tool}${status === null ? "" : ` (HTTP ${status})`}: ${reason}`;
}

function statusOf(error: unknown): number | null {
  const status = error !== null && typeof error === "object" ? (error as { status?: unknown }).status : undefined;
  return typeof status === "number" ? status : null;
}

/**
 * Fills the top-level defaults the schema declares, since LangChain validates JSON Schema
 * input but does not apply defaults: the handler or the platform then gets what the
 * model was told it would. The caller's object is left as it was.
 */
export function withDefaults(schema: { readonly [key: string]: Json }, input: unknown): unknown {
  const properties = schema.properties;
  if (input === null || typeof input !== "object" || Array.isArray(input) || !isObject(properties)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [key, property] of Object.entries(properties)) {
    if (out[key] === undefined && isObject(property) && property.default !== undefined) out[key] = structuredClone(property.default);
  }
  return out;
}

function isObject(value: Json | undefined): value is { readonly [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
