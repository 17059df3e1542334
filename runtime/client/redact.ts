/** The text that replaces a token wherever one would otherwise be shown. */
export const REDACTED = "[redacted]";

/** Tokens shorter than this are refused when a client is made: redacting them would mangle every message. */
export const MIN_TOKEN_LENGTH = 8;

/**
 * Removes every known token from a text. Platforms sometimes echo the credential they
 * refused, and a custom fetch may put anything in its error messages.
 */
export function redact(text: string, tokens: readonly string[]): string {
  const pattern = tokenPattern(tokens);
  return pattern === null ? text : text.replace(pattern, REDACTED);
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

/** The longest form of any of the tokens, in characters: a cut text may end with less than this of one. */
export function longestTokenForm(tokens: readonly string[]): number {
  // The longest spelling of one character below is `&#x0000XX;`-like; 12 bounds every one we match.
  return Math.max(0, ...tokens.map((t) => t.length * 12));
}

const patterns = new Map<string, RegExp | null>();

/**
 * One expression matching every token however it was written back: each character as it is,
 * percent-encoded (either case of hex), JSON-escaped (`\u0026`, `\/`, `\"`, `\\`) or
 * HTML-escaped (`&amp;`, `&lt;`, `&#38;`, `&#x26;`…), in any mix. Longest token first, so that
 * a token which begins another cannot leave the longer one's tail behind.
 */
function tokenPattern(tokens: readonly string[]): RegExp | null {
  const key = tokens.join("\u0000");
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    const alternatives = [...new Set(tokens.filter((t) => t !== ""))]
      .sort((a, b) => b.length - a.length)
      .map((t) => [...t].map(charForms).join(""));
    pattern =
      alternatives.length === 0
        ? null
        : new RegExp(alternatives.join("|"), "g");
    // Clients are few and long-lived; their token lists do not grow without bound.
    if (patterns.size > 100) patterns.clear();
    patterns.set(key, pattern);
  }
  if (pattern !== null) pattern.lastIndex = 0;
  return pattern;
}

const HTML_NAMED: { readonly [c: string]: readonly string[] } = {
  "&": ["&amp;"],
  "<": ["&lt;"],
  ">": ["&gt;"],
  '"': ["&quot;", '\\\\"'],
  "'": ["&apos;"],
  "/": ["\\\\/"],
  "\\": ["\\\\\\\\"],
};

/** Every way one character of a token may be written, as a regular expression group. */
function charForms(c: string): string {
  const code = c.codePointAt(0)!;
  const hex = code.toString(16);
  const forms = [
    c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"),
    ...(HTML_NAMED[c] ?? []),
    `&#0*${code};`,
    `&#[xX]0*${anyCase(hex)};`,
  ];
  if (code < 0x80) forms.push(`%${anyCase(hex.padStart(2, "0"))}`);
  if (code < 0x10000) forms.push(`\\\\u${anyCase(hex.padStart(4, "0"))}`);
  return `(?:${forms.join("|")})`;
}

function anyCase(hex: string): string {
  return [...hex]
    .map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d))
    .join("");
}
