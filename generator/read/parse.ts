import type { Diagnostic } from "../diagnostics/index.js";
import { blockDepth, deepestPath, MAX_DEPTH, nestingDepth } from "./depth.js";
import { readFastPlaced } from "./fast-places.js";
import { readFast } from "./fast-yaml.js";
import { lineIndex } from "./lines.js";
import type { JsonPath, Place } from "./place.js";
import { lazyLocate, readWithYaml, type LocateOptions } from "./yaml.js";

export { MAX_DEPTH } from "./depth.js";
export { readFast } from "./fast-yaml.js";

export type { JsonPath, Place } from "./place.js";

/** A parsed spec: its plain value and a way back from any path to its place in the text. */
export interface ParsedSpec {
  readonly file: string;
  readonly source: string;
  readonly value: unknown;
  /**
   * Where the value at `path` is written; `key: true` points at the key of the last step
   * instead, `token` at that word inside the value.
   */
  locate(path: JsonPath, options?: LocateOptions): Place;
}

export type ParseResult =
  { ok: true; spec: ParsedSpec } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Block nesting (by indentation) the estimate lets through to the recursive reader: twice
 * MAX_DEPTH, so no valid spec is refused by the estimate, and far below what overflows the stack
 * (about 900 levels). What passes is measured exactly afterwards against MAX_DEPTH.
 */
const MAX_BLOCK_INDENTS = 2 * MAX_DEPTH;

/**
 * The largest spec the yaml library reads (2 MiB): its positioned document costs about 110
 * bytes of memory per byte of spec while it is made. A larger spec is read by the fast reader,
 * placed by fast-places.ts, or refused where the fast reader declines it: any spec under the
 * 16 MiB cap is read in well under 400 MB (docs/hardening.md).
 */
export const LARGE_SPEC_BYTES = 2 * 1024 * 1024;

/**
 * The spec's text read into a plain value, or every problem found in reading it. The fast reader
 * (js-yaml, fast-yaml.ts) reads what it is sure of; the yaml library (yaml.ts) reads the rest,
 * and places values for messages either way. `fast: false` uses the yaml library alone.
 */
export function parseSpec(
  file: string,
  text: string,
  options: { fast?: boolean } = {},
): ParseResult {
  // YAML 1.2 counts a lone CR as a line break, the yaml library does not: same offsets, LF instead.
  const unmarked = text.startsWith("\ufeff") ? text.slice(1) : text;
  const source = unmarked.replace(/\r(?!\n)/g, "\n");
  const at = lineIndex(source);
  const fail = (message: string, place?: Place): ParseResult => ({
    ok: false,
    diagnostics: [
      { severity: "error", code: "nesting-too-deep", message, file, ...place },
    ],
  });

  const flow = nestingDepth(source);
  if (flow.depth > MAX_DEPTH)
    return fail(`nesting deeper than ${MAX_DEPTH} levels`, at(flow.offset));
  const block = blockDepth(source, MAX_DEPTH, MAX_BLOCK_INDENTS);
  if (block.depth > MAX_BLOCK_INDENTS)
    return fail(`nesting deeper than ${MAX_DEPTH} levels`, at(block.offset));

  if (source.length > LARGE_SPEC_BYTES && options.fast !== false) {
    const large = readFastPlaced(source, at);
    if ("value" in large) return { ok: true, spec: { file, source, ...large } };
    const place = at(large.at);
    return {
      ok: false,
      diagnostics: [
        large.error || large.why === "no value"
          ? {
              severity: "error",
              code: large.error ? "yaml-syntax" : "empty-spec",
              message: large.error ? large.why : "the spec is empty",
              file,
              ...place,
            }
          : {
              severity: "error",
              code: "large-spec-yaml",
              message: `a spec over ${LARGE_SPEC_BYTES / 1024 / 1024} MiB is read as plain YAML only, and this is ${large.why}: write it plainly (docs/hardening.md)`,
              file,
              ...place,
            },
      ],
    };
  }
  const fast = options.fast === false ? undefined : readFast(source);
  const read = fast
    ? { ok: true as const, ...fast, locate: lazyLocate(source, at) }
    : readWithYaml(file, source, at);
  if (!read.ok) return read;

  // The fast reader declines a value nested deeper (fast-yaml.ts): only the yaml library's is measured.
  const deepest = fast ? [] : deepestPath(read.value, MAX_DEPTH);
  if (deepest.length > MAX_DEPTH)
    return fail(
      `nesting deeper than ${MAX_DEPTH} levels`,
      read.locate(deepest),
    );
  const { value, locate } = read;
  return { ok: true, spec: { file, source, value, locate } };
}
