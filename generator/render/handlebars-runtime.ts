import { handlebarsLibrary } from "../libraries.js";

/*
 * Where Handlebars' runtime fails without saying where, for templates a user writes: a field
 * asked of a text (`{{heading.length}}`, a TypeError of its strict lookup), a partial that is not
 * there when it is called (`{{> @partial-block}}` without a block), and recursion without end.
 * Each becomes an error of the template, located when its text says where.
 */

/** The part of Handlebars' runtime container a template's code calls for a strict lookup. */
interface Container {
  strict(obj: unknown, name: string, loc: unknown): unknown;
  lookupProperty(obj: unknown, name: string): unknown;
}

type Program = (
  this: unknown,
  container: Container,
  ...rest: unknown[]
) => unknown;

/**
 * The template's code with lookups that never throw a TypeError: the strict lookup (of the last
 * name of a path, `c` in `{{a.b.c}}`) reports a field asked of a text, a number or true/false as a
 * located error, as it reports any missing field (Handlebars' own applies `in` to it); a lookup
 * in nothing (`b` in `{{a.b.c}}` when there is no `a`, or `commands` in `{{#each cli.commands}}`
 * when `cli` is null) finds nothing, as without strict mode (Handlebars' own reads a field of null).
 */
export function withTextAwareLookups(
  spec: TemplateSpecification,
): TemplateSpecification {
  const wrapped: Record<string, unknown> = { ...spec };
  for (const [key, value] of Object.entries(spec)) {
    // `main` and each numbered program take the container first; decorators (`main_d`) do not.
    if (
      (key === "main" || /^[0-9]+$/.test(key)) &&
      typeof value === "function"
    ) {
      const program = value as Program;
      wrapped[key] = function (this: unknown, container, ...rest) {
        if (!guarded.has(container)) {
          const lookup = container.lookupProperty;
          container.lookupProperty = (parent, name) =>
            parent === null || parent === undefined
              ? undefined
              : lookup(parent, name);
          container.strict = textAwareStrict(container);
          guarded.add(container);
        }
        return program.call(this, container, ...rest);
      } satisfies Program;
    }
  }
  return wrapped as TemplateSpecification;
}

/** The containers whose lookups are already toolgen's. */
const guarded = new WeakSet<Container>();

function textAwareStrict(container: Container): Container["strict"] {
  return (obj, name, loc) => {
    const node = { loc } as hbs.AST.Node;
    if (
      typeof obj === "string" ||
      typeof obj === "number" ||
      typeof obj === "boolean"
    )
      throw new (handlebarsLibrary().Exception)(
        `'${name}' is not defined here: it is asked of ${kind(obj)}, which has no fields`,
        node,
      );
    if (obj === null || obj === undefined || !(name in (obj as object)))
      throw new (handlebarsLibrary().Exception)(
        `"${name}" not defined in this context`,
        node,
      );
    return container.lookupProperty(obj, name);
  };
}

function kind(value: string | number | boolean): string {
  return typeof value === "string"
    ? "a text"
    : typeof value === "number"
      ? "a number"
      : "true or false";
}

/** How deep partials may be nested while rendering: far more than a prompt needs, far less than the stack holds. */
export const MAX_PARTIAL_DEPTH = 64;

/** Why a partial nested deeper than MAX_PARTIAL_DEPTH is not rendered. */
export const TOO_DEEP = `partials are nested more than ${MAX_PARTIAL_DEPTH} deep: does a partial call itself, through an inline partial ({{#*inline}}) of the file that calls it?`;

/** A runtime failure of Handlebars' without a place, as the template's problem, located when its text says where. */
export interface RuntimeProblem {
  readonly message: string;
  readonly line?: number;
  readonly col?: number;
}

/** What a runtime error that Handlebars does not locate means in the template `source`; undefined for any other error. */
export function runtimeProblem(
  e: Error,
  source: string,
): RuntimeProblem | undefined {
  // Near the stack's end nothing more is tried (not even a regex): the partials' depth is bounded well before.
  if (e instanceof RangeError && e.message.includes("call stack"))
    return { message: TOO_DEEP };
  if (!(e instanceof handlebarsLibrary().Exception)) return undefined;
  const missing = /^The partial (.*) could not be found$/.exec(e.message);
  if (missing === null) return undefined;
  const name = missing[1]!;
  const message =
    name === "@partial-block"
      ? "{{> @partial-block}} has no block to render here: it renders the block of a partial called as {{#> name}}…{{/name}}"
      : `the partial '${name}' is not defined here: an inline partial is known only inside the block that defines it, once that block has rendered`;
  const calls = partialCalls(source, name);
  // Which of several calls failed, Handlebars does not say.
  if (calls.length !== 1)
    return {
      message:
        calls.length === 0
          ? message
          : `${message} (one of its calls, at ${calls.map((c) => `${c.start.line}:${c.start.column + 1}`).join(", ")})`,
    };
  const { line, column } = calls[0]!.start;
  return { message, line, col: column + 1 };
}

/** Where `source` calls the partial `name`, in the order written. */
function partialCalls(source: string, name: string): hbs.AST.SourceLocation[] {
  const found: hbs.AST.SourceLocation[] = [];
  const { Visitor, parse } = handlebarsLibrary();
  const visitor = new Visitor();
  const visit = <
    T extends hbs.AST.PartialStatement | hbs.AST.PartialBlockStatement,
  >(
    node: T,
  ) => {
    const target = node.name as hbs.AST.PathExpression;
    if (target.type === "PathExpression" && target.original === name)
      found.push(node.loc);
  };
  const partial = visitor.PartialStatement;
  const block = visitor.PartialBlockStatement;
  visitor.PartialStatement = function (node) {
    visit(node);
    return partial.call(this, node);
  };
  visitor.PartialBlockStatement = function (node) {
    visit(node);
    return block.call(this, node);
  };
  visitor.accept(parse(source));
  return found;
}
