import { expect } from "vitest";
import {
  parseSpec,
  readFast,
  type JsonPath,
  type ParseResult,
} from "../../generator/read/parse.js";

/** What every fast-yaml-*.test.ts holds the two readers to (the title of their tests). */
export const AGREE =
  "the fast YAML path (js-yaml) gives what the yaml library gives, or declines";

/** A value written out with its key order, prototypes and exact numbers (-0, NaN), for comparison. */
function canon(value: unknown): unknown {
  if (typeof value === "number")
    return Object.is(value, -0) ? "-0" : Number.isNaN(value) ? "NaN" : value;
  if (Array.isArray(value)) return { array: value.map(canon) };
  if (value !== null && typeof value === "object") {
    return {
      proto: Object.getPrototypeOf(value) === Object.prototype,
      entries: Object.entries(value).map(([k, v]) => [k, canon(v)]),
    };
  }
  return value;
}

/** Every path into a value (up to `limit`), for comparing the places both paths give. */
function paths(value: unknown, limit = 400): JsonPath[] {
  const found: JsonPath[] = [];
  const stack: { value: unknown; path: JsonPath }[] = [{ value, path: [] }];
  while (stack.length > 0 && found.length < limit) {
    const next = stack.pop()!;
    found.push(next.path);
    if (Array.isArray(next.value))
      next.value.forEach((v, i) =>
        stack.push({ value: v, path: [...next.path, i] }),
      );
    else if (next.value !== null && typeof next.value === "object")
      for (const [k, v] of Object.entries(next.value))
        stack.push({ value: v, path: [...next.path, k] });
  }
  return found;
}

function normalized(text: string): string {
  return (text.startsWith("\ufeff") ? text.slice(1) : text).replace(
    /\r(?!\n)/g,
    "\n",
  );
}

/** The fast path and the yaml library's agree: same value, same places, same diagnostics. Returns whether the fast path read it. */
export function agree(text: string): boolean {
  const fast: ParseResult = parseSpec("tools.yaml", text);
  const slow: ParseResult = parseSpec("tools.yaml", text, { fast: false });
  const read = readFast(normalized(text)) !== undefined;
  if (!slow.ok) {
    // The fast path reads only what the yaml library reads without a word; deeper than MAX_DEPTH fails on both.
    expect(fast).toEqual(slow);
    return read;
  }
  expect(fast.ok).toBe(true);
  if (!fast.ok) return read;
  expect(canon(fast.spec.value)).toEqual(canon(slow.spec.value));
  for (const p of paths(slow.spec.value)) {
    expect(fast.spec.locate(p)).toEqual(slow.spec.locate(p));
    expect(fast.spec.locate(p, { key: true })).toEqual(
      slow.spec.locate(p, { key: true }),
    );
  }
  return read;
}
