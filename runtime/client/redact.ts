/** The text that replaces a token wherever one would otherwise be shown. */
export const REDACTED = "[redacted]";

/**
 * Removes every known token from a text. Platforms sometimes echo the credential they
 * refused, and a custom fetch may put anything in its error messages.
 */
export function redact(text: string, tokens: readonly string[]): string {
  let out = text;
  for (const form of tokenForms(tokens))
    if (out.includes(form)) out = out.split(form).join(REDACTED);
  return out;
}

/**
 * Each token as it may be written back: as it is, percent-encoded (a URL in a message, in either
 * case of hex), and escaped inside JSON text (`\/` too). Longest first, so that a token which
 * begins another cannot leave the longer one's tail behind.
 */
function tokenForms(tokens: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const token of tokens) {
    if (!token) continue;
    const encoded = encodeURIComponent(token);
    const json = JSON.stringify(token).slice(1, -1);
    for (const form of [
      token,
      encoded,
      encoded.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
      json,
      json.replaceAll("/", "\\/"),
    ])
      forms.add(form);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** `redact` applied to every string (keys included) of a parsed JSON value. */
export function redactValue(
  value: unknown,
  tokens: readonly string[],
): unknown {
  if (typeof value === "string") return redact(value, tokens);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, tokens));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        redact(k, tokens),
        redactValue(v, tokens),
      ]),
    );
  }
  return value;
}
