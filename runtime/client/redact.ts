/** The text that replaces a token wherever one would otherwise be shown. */
export const REDACTED = "[redacted]";

/**
 * Removes every known token from a text. Platforms sometimes echo the credential they
 * refused, and a custom fetch may put anything in its error messages.
 */
export function redact(text: string, tokens: readonly string[]): string {
  let out = text;
  for (const token of tokens) if (token) out = out.split(token).join(REDACTED);
  return out;
}

/** `redact` applied to every string (keys included) of a parsed JSON value. */
export function redactValue(value: unknown, tokens: readonly string[]): unknown {
  if (typeof value === "string") return redact(value, tokens);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, tokens));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k, tokens), redactValue(v, tokens)]));
  }
  return value;
}
