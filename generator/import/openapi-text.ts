/** The longest text an import carries into the spec: every target repeats it. */
export const MAX_TEXT = 32_000;

/** A text cut at MAX_TEXT characters (at a line end where there is one), reported when cut. */
export function capped(
  text: string,
  what: string,
  note: (line: string) => void,
): string {
  if (text.length <= MAX_TEXT) return text;
  const end = text.lastIndexOf("\n", MAX_TEXT);
  note(`${what} is ${text.length} characters: cut to its first ${MAX_TEXT}`);
  return text.slice(0, end > MAX_TEXT / 2 ? end : MAX_TEXT).trimEnd();
}
