import type { CodePointSet } from "./code-points.js";

/**
 * The syntax tree of an ECMAScript regular expression in `u` mode (the mode JSON Schema's
 * `pattern` is compiled in), read by a recursive-descent parser over its code points. Classes,
 * `.` and the class escapes are resolved to sets of code points as they are read.
 */
export type Alternatives = Term[][];

export type Term =
  | { kind: "char"; cp: number }
  | { kind: "set"; set: CodePointSet }
  | { kind: "start" }
  | { kind: "end" }
  | { kind: "boundary"; negated: boolean }
  | {
      kind: "group";
      /** The capture's number, null for `(?:…)`. */
      index: number | null;
      name: string | null;
      body: Alternatives;
      /** Where the group's `)` stands (a code-point offset). */
      end: number;
    }
  | {
      kind: "look";
      behind: boolean;
      negated: boolean;
      body: Alternatives;
      /** Where the lookaround's text starts and ends (code-point offsets). */
      start: number;
      end: number;
    }
  | { kind: "backref"; index: number; at: number }
  | {
      kind: "repeat";
      min: number;
      max: number;
      lazy: boolean;
      body: Term;
      /** Where the repeated atom starts and its quantifier ends (code-point offsets). */
      start: number;
      end: number;
    };

export interface ParsedPattern {
  body: Alternatives;
  groups: number;
}

/**
 * Why a pattern was not read: `syntax` when it breaks ECMAScript's grammar, `unsupported` when
 * it is well formed but holds what has no exact Python equivalent.
 */
export class PatternProblem extends Error {
  constructor(
    readonly kind: "syntax" | "unsupported",
    message: string,
  ) {
    super(message);
  }
}

/** Quantifier bounds V8 keeps exact: from 2^31 - 1 on it reads a bound as unbounded. */
export const MAX_COUNT = 2 ** 31 - 2;
