/**
 * What a model reads back from a successful call without an output schema: text as it came,
 * anything else as JSON (compact unless `indent` says otherwise), and a plain sentence when the
 * call answered nothing (undefined, or the client's null for a response without a body), since
 * an empty tool result confuses models. A value JSON cannot hold (a function, a symbol) is named
 * by its kind, never printed: a function's text is its source code.
 */
export function resultText(value: unknown, indent?: number): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return NO_CONTENT;
  return (
    JSON.stringify(value, null, indent) ??
    `The tool answered a ${typeof value}, which is no JSON value.`
  );
}

export const NO_CONTENT = "Done: the call returned no content.";
