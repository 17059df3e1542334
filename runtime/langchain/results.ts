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
