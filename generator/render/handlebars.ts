import type Handlebars from "handlebars";
import type { Diagnostic } from "../diagnostics/index.js";
import { handlebarsLibrary } from "../libraries.js";
import {
  precompiledTemplate,
  TEMPLATE_OPTIONS,
} from "./precompiled-templates.js";
import {
  MAX_PARTIAL_DEPTH,
  runtimeProblem,
  TOO_DEEP,
  withTextAwareLookups,
} from "./handlebars-runtime.js";

/** A Handlebars template compiled for prose: strict (a missing field is an error) and with no HTML escaping. */
export interface Template {
  /** How messages name the template, e.g. `templates/docs/section.md.hbs`. */
  readonly file: string;
  /** The source, with line endings made LF. */
  readonly source: string;
  /** Throws TemplateError when the template asks for what the context does not hold. */
  render(context: object): string;
}

/** A mistake in a template, located in it when Handlebars says where (1-based line and column). */
export class TemplateError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly col: number | undefined;
  constructor(file: string, message: string, line?: number, col?: number) {
    super(message);
    this.name = "TemplateError";
    this.file = file;
    this.line = line;
    this.col = col;
  }
}

/** A TemplateError as a problem of the run, located in its template when it has a place. */
export function templateDiagnostic(e: TemplateError): Diagnostic {
  return {
    severity: "error",
    code: "template-error",
    file: e.file,
    message: e.message,
    ...(e.line === undefined ? {} : { line: e.line, col: e.col ?? 1 }),
  };
}

/** What a template may call besides its context: helpers by name, and partials by name. */
export interface TemplateParts {
  readonly helpers?: Readonly<Record<string, (...args: unknown[]) => unknown>>;
  /** Handlebars' own helpers to remove (e.g. `log`, which prints). */
  readonly hiddenHelpers?: readonly string[];
  readonly partials?: ReadonlyMap<string, CompiledPartial>;
}

/** A partial, compiled once and shared by every template that calls it. */
export interface CompiledPartial {
  readonly file: string;
  readonly source: string;
  readonly delegate: HandlebarsTemplateDelegate;
}

/**
 * Parses `source` at once, so a syntax error surfaces before anything renders; toolgen's own
 * templates may come precompiled (in the bundle), parsed and compiled at build time.
 * Each template gets its own Handlebars environment: nothing registered on one leaks into another.
 */
export function compileTemplate(
  file: string,
  source: string,
  parts: TemplateParts = {},
): Template {
  const text = lf(source);
  const hb = environment(parts);
  const spec = precompiledTemplate(text);
  const compiled =
    spec === undefined ? parsedAndCompiled(hb, file, text) : hb.template(spec);
  return {
    file,
    source: text,
    render(context) {
      try {
        return compiled(context);
      } catch (e) {
        throw templateError(file, e, text);
      }
    },
  };
}

/** How many partials are rendering now, one inside another (rendering is synchronous: one count serves). */
let partialDepth = 0;

/**
 * A partial's text compiled as templates are. An error while it renders is located in its own
 * file, whichever template called it.
 */
export function compilePartial(
  file: string,
  source: string,
  parts: TemplateParts = {},
): CompiledPartial {
  const text = lf(source);
  const compiled = parsedAndCompiled(environment(parts), file, text);
  const delegate: HandlebarsTemplateDelegate = (context, options) => {
    if (partialDepth >= MAX_PARTIAL_DEPTH)
      throw new TemplateError(file, TOO_DEEP);
    partialDepth++;
    try {
      return compiled(context, options);
    } catch (e) {
      throw templateError(file, e, text);
    } finally {
      partialDepth--;
    }
  };
  return { file, source: text, delegate };
}

function lf(source: string): string {
  return source.replace(/\r\n?/g, "\n");
}

function environment(parts: TemplateParts): typeof Handlebars {
  const hb = handlebarsLibrary().create();
  // Every template's code, compiled here or precompiled, passes through hb.template.
  const template = hb.template;
  hb.template = (spec) => template(withTextAwareLookups(spec));
  for (const name of parts.hiddenHelpers ?? []) hb.unregisterHelper(name);
  for (const [name, helper] of Object.entries(parts.helpers ?? {}))
    hb.registerHelper(name, helper);
  for (const [name, partial] of parts.partials ?? [])
    hb.registerPartial(name, partial.delegate);
  return hb;
}

/** Compiled on first use by Handlebars; parsed now, to report a syntax error when the template is loaded. */
function parsedAndCompiled(
  hb: typeof Handlebars,
  file: string,
  text: string,
): HandlebarsTemplateDelegate {
  let ast: hbs.AST.Program;
  try {
    ast = hb.parse(text);
  } catch (e) {
    throw templateError(file, e);
  }
  return hb.compile(ast, TEMPLATE_OPTIONS);
}

/** The parser's names for the tokens a user most often misplaces, as the user wrote them. */
const TOKENS: Record<string, string> = {
  CLOSE: "'}}'",
  CLOSE_UNESCAPED: "'}}}'",
  OPEN: "'{{'",
  OPEN_BLOCK: "'{{#'",
  OPEN_ENDBLOCK: "'{{/'",
  OPEN_INVERSE: "'{{^'",
  INVERSE: "'{{else}}'",
  INVALID: "text",
};

/**
 * Handlebars' own errors become TemplateErrors (located in `source`, the template's text, when
 * Handlebars does not say where and the text does); one already located (in a partial) stays as
 * it is; so does anything else, a bug.
 */
function templateError(file: string, e: unknown, source?: string): unknown {
  if (!(e instanceof Error) || e instanceof TemplateError) return e;
  const problem = source === undefined ? undefined : runtimeProblem(e, source);
  if (problem !== undefined)
    return new TemplateError(file, problem.message, problem.line, problem.col);
  const parse = /^Parse error on line (\d+):/.exec(e.message);
  if (parse) {
    const got = /got '([^']*)'\s*$/.exec(e.message)?.[1];
    const what =
      got === undefined
        ? ""
        : got === "EOF"
          ? ": it ends too early (is a {{#block}} left open?)"
          : `: unexpected ${TOKENS[got] ?? got}`;
    return new TemplateError(
      file,
      `cannot parse the template${what}`,
      Number(parse[1]),
    );
  }
  if (!(e instanceof handlebarsLibrary().Exception)) return e;
  const at = e as Error & { lineNumber?: number; column?: number };
  const missing = /^"(.*)" not defined in [\s\S]* - \d+:\d+$/.exec(e.message);
  const message = missing
    ? `'${missing[1]}' is not defined here (templates are strict: a field the context lacks is an error)`
    : e.message.replace(/ - \d+:\d+$/, "");
  // Handlebars counts columns from 0.
  return new TemplateError(
    file,
    message,
    at.lineNumber,
    at.column === undefined ? undefined : at.column + 1,
  );
}
