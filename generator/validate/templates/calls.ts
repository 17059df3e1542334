import { handlebarsLibrary } from "../../libraries.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import { closest } from "../../../runtime/shared/distance.js";
import type { Code } from "../codes.js";

/*
 * The helpers and partials a user's template calls, found by walking its syntax tree before
 * anything renders: Handlebars would stop at the first missing partial, and would read an
 * unknown helper without arguments as a field. Every unknown one is reported, located.
 */

/** A name a template calls, where it is written (1-based line and column). */
interface Call {
  readonly name: string;
  readonly line: number;
  readonly col: number;
  readonly length: number;
}

/** What one template calls. */
interface Calls {
  readonly helpers: Call[];
  readonly partials: Call[];
  /** `{{> (expression)}}`: a partial chosen while rendering. */
  readonly computed: Call[];
  /** Decorators other than `inline`. */
  readonly decorators: Call[];
  /** The names `{{#*inline "name"}}` defines in the template. */
  readonly inline: Set<string>;
}

export interface KnownNames {
  readonly helpers: readonly string[];
  readonly partials: readonly string[];
  /** The partials folder as messages show it, e.g. `templates/partials`. */
  readonly partialsFolder: string;
}

/** Every unknown helper, partial or decorator `source` calls, in the order written; none when it does not parse (compiling reports that). */
export function checkCalls(
  file: string,
  source: string,
  known: KnownNames,
): Diagnostic[] {
  let ast: hbs.AST.Program;
  try {
    ast = handlebarsLibrary().parse(source);
  } catch {
    return [];
  }
  const calls = findCalls(ast);
  const found: { call: Call; code: Code; message: string }[] = [];
  for (const call of calls.helpers)
    if (!known.helpers.includes(call.name))
      found.push({
        call,
        code: "unknown-helper",
        message: unknownHelper(call.name, known),
      });
  const partials = [...known.partials, ...calls.inline];
  for (const call of calls.partials)
    if (!partials.includes(call.name))
      found.push({
        call,
        code: "unknown-partial",
        message: unknownPartial(call.name, partials, known),
      });
  for (const call of calls.computed)
    found.push({
      call,
      code: "computed-partial",
      message:
        "a partial is called by its name ({{> item}}), not chosen while rendering: toolgen checks every partial a template calls",
    });
  for (const call of calls.decorators)
    found.push({
      call,
      code: "unknown-decorator",
      message: `unknown decorator '${call.name}': the one decorator templates may use is {{#*inline "name"}}`,
    });
  return found
    .sort((a, b) => a.call.line - b.call.line || a.call.col - b.call.col)
    .map(({ call, code, message }) => ({
      severity: "error",
      code,
      file,
      message,
      line: call.line,
      col: call.col,
      length: call.length,
    }));
}

function unknownHelper(name: string, known: KnownNames): string {
  if (!/^[^./@]+$/.test(name))
    return `unknown helper '${name}': a field takes no arguments; the helpers are ${known.helpers.join(", ")}`;
  const near = closest(name, known.helpers);
  return near === undefined
    ? `unknown helper '${name}': the helpers are ${known.helpers.join(", ")}`
    : `unknown helper '${name}': did you mean '${near}'?`;
}

function unknownPartial(
  name: string,
  partials: readonly string[],
  known: KnownNames,
): string {
  // `itme` may mean `tools/item`: a name is compared whole, then by its last part.
  const last = (p: string) => p.slice(p.lastIndexOf("/") + 1);
  const nearLast = closest(last(name), partials.map(last));
  const near =
    closest(name, partials) ??
    partials.find((p) => nearLast !== undefined && last(p) === nearLast);
  if (near !== undefined)
    return `unknown partial '${name}': did you mean '${near}'?`;
  const list = known.partials.length > 0 ? known.partials.join(", ") : "none";
  return `unknown partial '${name}': a partial is a .hbs file in ${known.partialsFolder}/ (there: ${list})`;
}

/** The helpers, partials and decorators a template's tree calls. */
function findCalls(ast: hbs.AST.Program): Calls {
  const calls: Calls = {
    helpers: [],
    partials: [],
    computed: [],
    decorators: [],
    inline: new Set(),
  };
  const visit = (node: hbs.AST.Node | null | undefined, scope: Scope) => {
    if (!node) return;
    const n = node as AnyNode;
    switch (node.type) {
      case "Program": {
        const inner = [...scope, ...(n.blockParams ?? [])];
        for (const statement of n.body!) visit(statement, inner);
        return;
      }
      case "MustacheStatement":
      case "BlockStatement":
      case "SubExpression": {
        // Handlebars calls a helper for a sub-expression, or for a name given arguments.
        const isCall =
          node.type === "SubExpression" ||
          n.params!.length > 0 ||
          n.hash !== undefined;
        const name = simpleName(n.path!, scope);
        if (isCall && name !== undefined) calls.helpers.push(at(n.path!, name));
        // `{{this.heading 1}}`, `{{@root.x y}}`: a field given arguments, which Handlebars would call.
        else if (isCall && isFieldPath(n.path!))
          calls.helpers.push(
            at(n.path!, (n.path as hbs.AST.PathExpression).original),
          );
        break;
      }
      case "PartialStatement":
      case "PartialBlockStatement": {
        const target = n.name!;
        if (target.type === "SubExpression") {
          // Reported once, as chosen while rendering; what chooses it is not looked into.
          calls.computed.push(at(target, "(…)"));
        } else if (!(target as hbs.AST.PathExpression).data)
          calls.partials.push(at(target, partialName(target)));
        break;
      }
      case "DecoratorBlock":
      case "Decorator": {
        const name = (n.path as hbs.AST.PathExpression).original;
        const first = n.params![0];
        if (name === "inline" && first?.type === "StringLiteral")
          calls.inline.add((first as hbs.AST.StringLiteral).value);
        else calls.decorators.push(at(n.path!, name));
        break;
      }
      default:
        return;
    }
    for (const param of n.params ?? []) visit(param, scope);
    for (const pair of n.hash?.pairs ?? []) visit(pair.value, scope);
    visit(n.program, scope);
    visit(n.inverse, scope);
  };
  visit(ast, []);
  return calls;
}

type Scope = readonly string[];

/** The fields the walk reads, whichever kind of node it is. */
type AnyNode = hbs.AST.Node & {
  readonly body?: hbs.AST.Statement[];
  readonly blockParams?: string[];
  readonly path?: hbs.AST.PathExpression | hbs.AST.Literal;
  readonly name?: hbs.AST.PathExpression | hbs.AST.SubExpression;
  readonly params?: hbs.AST.Expression[];
  readonly hash?: hbs.AST.Hash;
  readonly program?: hbs.AST.Program;
  readonly inverse?: hbs.AST.Program;
};

/** A one-word name Handlebars may call as a helper (not `@data`, `this.x`, `a.b` or a block parameter). */
function simpleName(
  path: hbs.AST.PathExpression | hbs.AST.Literal,
  scope: Scope,
): string | undefined {
  if (path.type !== "PathExpression") return undefined;
  const p = path as hbs.AST.PathExpression;
  if (p.data || p.depth !== 0 || p.parts.length !== 1) return undefined;
  if (p.original !== p.parts[0] || scope.includes(p.parts[0]!))
    return undefined;
  return p.parts[0];
}

/** A path that names a field, never a helper: `this.x`, `a.b`, `../x`, `@root.x`. */
function isFieldPath(path: hbs.AST.PathExpression | hbs.AST.Literal): boolean {
  if (path.type !== "PathExpression") return false;
  const p = path as hbs.AST.PathExpression;
  return (
    p.data || p.depth !== 0 || p.parts.length !== 1 || p.original !== p.parts[0]
  );
}

/** `{{> a/b}}` is `a/b`; `{{> "a b"}}` is `a b`. */
function partialName(node: hbs.AST.Node): string {
  const n = node as hbs.AST.Node & { original?: unknown; value?: unknown };
  return String(node.type === "PathExpression" ? n.original : n.value);
}

function at(node: hbs.AST.Node, name: string): Call {
  const { start, end } = node.loc;
  const length =
    start.line === end.line ? end.column - start.column : name.length;
  return { name, line: start.line, col: start.column + 1, length };
}
