/**
 * The text a model reads back from a successful call: text as it came, structured answers as
 * compact JSON (fewer tokens than indented JSON, read just as well), and a plain sentence when
 * the platform answered with nothing, since an empty tool result confuses models.
 */
export function resultText(value: unknown): string {
  if (typeof value === "string") return value;
  // The client answers null for a response without a body (204).
  if (value === undefined || value === null)
    return "Done: the call returned no content.";
  return JSON.stringify(value) ?? String(value);
}
