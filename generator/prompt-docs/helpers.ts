import type Handlebars from "handlebars";
import { handlebarsLibrary } from "../libraries.js";

/*
 * The helpers every docs template may use, toolgen's own and the user's: Handlebars' built-in
 * block helpers, and a few of toolgen's for text. No helper prints, reads a file, or turns a
 * value into template code: what the spec says stays text.
 */

/** Handlebars' own helpers that templates may use (`log` prints to the console: not here). */
export const BUILT_IN_HELPERS = [
  "if",
  "unless",
  "each",
  "with",
  "lookup",
] as const;

/** Handlebars' helpers that are never a template's to call. */
export const HIDDEN_HELPERS = ["log"] as const;

type HelperOptions = Handlebars.HelperOptions & {
  readonly name: string;
  readonly loc?: hbs.AST.SourceLocation;
};

/**
 * The most spaces `indent` puts before a line: a prompt indents by a few, and a larger count
 * would only make the text (every line of it, in every loop) as large as the count allows.
 */
export const INDENT_MAX = 100;

/** toolgen's helpers, by name. Each checks its arguments: a wrong one is a located template error. */
export const TOOLGEN_HELPERS: Readonly<
  Record<string, (...args: unknown[]) => unknown>
> = {
  /** `{{#if (eq runtime "cli")}}`: whether two values are the same (===). */
  eq: (...args) => {
    const [a, b] = take(args, 2, 2);
    return a === b;
  },
  /** `{{join names ", "}}`: a list of texts or numbers, joined by the separator (", " when none is given). */
  join: (...args) => {
    const [list, separator = ", "] = take(args, 1, 2);
    if (!Array.isArray(list) || !list.every(isScalarText))
      fail(args, "takes a list of texts or numbers first");
    if (typeof separator !== "string")
      fail(args, "takes a text as its separator");
    return (list as unknown[]).map(String).join(separator as string);
  },
  /** `{{upper label}}`: the text in capitals. */
  upper: (...args) => text(args).toUpperCase(),
  /** `{{lower label}}`: the text in small letters. */
  lower: (...args) => text(args).toLowerCase(),
  /** `{{indent 2 whenToUse}}`: each line of the text that is not empty, indented by that many spaces (at most INDENT_MAX). */
  indent: (...args) => {
    const [width, value] = take(args, 2, 2);
    if (
      !Number.isInteger(width) ||
      (width as number) < 0 ||
      (width as number) > INDENT_MAX
    )
      fail(
        args,
        `takes a whole number of spaces from 0 to ${INDENT_MAX} first`,
      );
    if (typeof value !== "string") fail(args, "takes a text second");
    const pad = " ".repeat(width as number);
    return (value as string)
      .split("\n")
      .map((line) => (line === "" ? line : pad + line))
      .join("\n");
  },
};

/** The block helpers among the built-in ones: each takes one argument, and a block. */
const BLOCK_HELPERS = ["if", "unless", "each", "with"] as const;

/**
 * The built-in helpers, each checking its arguments first, as toolgen's do: Handlebars' own
 * throw without a place (`Must pass iterator to #each`) or fail inside (`{{lookup}}`, `{{if x}}`).
 */
export const CHECKED_BUILT_IN_HELPERS: Readonly<
  Record<string, (...args: unknown[]) => unknown>
> = Object.fromEntries([
  ...BLOCK_HELPERS.map((name) => [
    name,
    checked(name, (args) => {
      take(args, 1, 1);
      const options = args[args.length - 1] as HelperOptions;
      if (typeof options.fn !== "function")
        fail(args, `is a block: write {{#${name} …}}…{{/${name}}}`);
    }),
  ]),
  ["lookup", checked("lookup", (args) => take(args, 2, 2))],
]);

/**
 * Handlebars' own helper `name`, after `check` (which throws a located error) has passed its
 * arguments. Looked up when called, so that loading this module does not load Handlebars.
 */
function checked(
  name: (typeof BUILT_IN_HELPERS)[number],
  check: (args: unknown[]) => void,
): (...args: unknown[]) => unknown {
  return function (this: unknown, ...args: unknown[]) {
    check(args);
    const builtIn = handlebarsLibrary().helpers[name] as (
      ...args: unknown[]
    ) => unknown;
    return builtIn.apply(this, args);
  };
}

/** Every helper a template may call: the built-in ones, then toolgen's. */
export const HELPER_NAMES: readonly string[] = [
  ...BUILT_IN_HELPERS,
  ...Object.keys(TOOLGEN_HELPERS),
];

function isScalarText(value: unknown): boolean {
  return typeof value === "string" || typeof value === "number";
}

function text(args: unknown[]): string {
  const [value] = take(args, 1, 1);
  if (typeof value !== "string") fail(args, "takes a text");
  return value as string;
}

/** The arguments a helper was called with (Handlebars adds its options last), checked for their count. */
function take(args: unknown[], min: number, max: number): unknown[] {
  const given = args.slice(0, -1);
  if (given.length < min || given.length > max) {
    const count = min === max ? `${min}` : `${min} or ${max}`;
    fail(
      args,
      `takes ${count} argument${max === 1 ? "" : "s"}, not ${given.length}`,
    );
  }
  return given;
}

/** A Handlebars exception at the helper's call, so that the template's file, line and column are reported. */
function fail(args: unknown[], what: string): never {
  const options = args[args.length - 1] as HelperOptions;
  const node = options.loc === undefined ? undefined : { loc: options.loc };
  throw new (handlebarsLibrary().Exception)(
    `the helper '${options.name}' ${what}`,
    node as hbs.AST.Node | undefined,
  );
}
