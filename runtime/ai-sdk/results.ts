/**
 * What an AI SDK tool answers the model. A structured answer stays a value (the AI SDK sends it
 * as JSON). A tool without an output schema that answered nothing says so in a sentence, since
 * an empty result confuses models; a tool with one answers exactly what its schema typed.
 */
export function resultValue(value: unknown, typed: boolean): unknown {
  // The client answers null for a response without a body (204).
  return !typed && (value === undefined || value === null)
    ? "Done: the call returned no content."
    : value;
}

/**
 * The message of the error a model reads when a call fails. Client errors never carry tokens
 * (the client package guarantees it), so their message is safe to show. The HTTP status is
 * given because models act on it (retry a 503, not a 404).
 */
export function errorText(tool: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const status =
    error !== null && typeof error === "object"
      ? (error as { status?: unknown }).status
      : undefined;
  // The client starts some messages with the tool's name, which the prefix already gives.
  const reason = message.startsWith(`${tool}: `)
    ? message.slice(tool.length + 2)
    : message;
  return `Error from ${tool}${typeof status === "number" ? ` (HTTP ${status})` : ""}: ${reason}`;
}

/** The errors JavaScript throws for code that is wrong, not for a call that failed. */
export function isBug(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof SyntaxError ||
    error instanceof RangeError
  );
}
