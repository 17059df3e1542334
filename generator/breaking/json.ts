/** Whether two JSON values are equal: the same value, key order aside. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null) return false;
  if (typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return (
      a.length === other.length && a.every((v, i) => jsonEqual(v, other[i]))
    );
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => Object.hasOwn(y, k) && jsonEqual(x[k], y[k]));
}

/** A value as JSON on one line, for messages. */
export function shown(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** Characters of a text (code points), for the signed delta of a changed text. */
export function length(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `+12`, `-3` or `±0` characters. */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `${delta}` : "±0";
}
