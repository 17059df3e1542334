import { handlebarsLibrary } from "../../libraries.js";
import type { Diagnostic } from "../../diagnostics/index.js";

/*
 * A partial that calls itself, directly or through others, renders without end (Handlebars
 * stops only when the stack runs out). Found before anything renders, from the syntax trees:
 * the user's partials (partials/*.hbs) and the inline partials each file defines
 * ({{#*inline "name"}}), which a call in that file reaches first.
 */

/** A user's template or partial file, as the cycle check reads it. */
export interface PartialSource {
  /** How messages show its path. */
  readonly file: string;
  readonly source: string;
  /** How templates call it, for a file of partials/; undefined for a template. */
  readonly partial?: string;
}

/** A call of a partial, by whom (a file, or an inline partial of it) and where. */
interface Call {
  readonly from: string;
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly length: number;
}

/** One problem for each call that closes a cycle of partials, located at the call. */
export function checkPartialCycles(
  files: readonly PartialSource[],
): Diagnostic[] {
  const partialFiles = new Map<string, string>();
  for (const f of files)
    if (f.partial !== undefined) partialFiles.set(f.partial, fileNode(f));
  const calls = new Map<string, Call[]>();
  const labels = new Map<string, string>();
  for (const f of files) {
    let ast: hbs.AST.Program;
    try {
      ast = handlebarsLibrary().parse(f.source);
    } catch {
      continue; // compiling reports it
    }
    const found = callsIn(f, ast);
    const inline = new Set(found.inline);
    labels.set(fileNode(f), f.partial ?? f.file);
    for (const name of inline) labels.set(inlineNode(f, name), name);
    for (const call of found.calls) {
      // A call in a file reaches the inline partial of that name the file defines, else the file.
      const to = inline.has(call.name)
        ? inlineNode(f, call.name)
        : partialFiles.get(call.name);
      if (to === undefined) continue; // unknown: reported as such
      const list = calls.get(call.from) ?? [];
      list.push({ ...call, name: to });
      calls.set(call.from, list);
    }
  }
  return cycles(calls, labels);
}

function fileNode(f: PartialSource): string {
  return `file ${f.file}`;
}

function inlineNode(f: PartialSource, name: string): string {
  return `inline ${f.file} ${name}`;
}

/** Every back edge of a depth-first walk of the calls closes a cycle: each is reported once. */
function cycles(
  calls: ReadonlyMap<string, Call[]>,
  labels: ReadonlyMap<string, string>,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (node: string) => {
    path.push(node);
    for (const call of calls.get(node) ?? []) {
      const at = path.indexOf(call.name);
      if (at >= 0) {
        const names = [...path.slice(at), call.name].map((n) => labels.get(n)!);
        found.push({
          severity: "error",
          code: "template-error",
          file: call.file,
          message: `the partial '${names[0]}' calls itself${names.length > 2 ? ` through others (${names.join(" → ")})` : ""}: rendering it would never end`,
          line: call.line,
          col: call.col,
          length: call.length,
        });
      } else if (!done.has(call.name)) walk(call.name);
    }
    path.pop();
    done.add(node);
  };
  for (const node of calls.keys()) if (!done.has(node)) walk(node);
  return found;
}

/** The partial calls of one file, each by its file or the inline partial it is written in; and the inline partials it defines. */
function callsIn(
  f: PartialSource,
  ast: hbs.AST.Program,
): { calls: Call[]; inline: string[] } {
  const calls: Call[] = [];
  const inline: string[] = [];
  const visit = (node: hbs.AST.Node | null | undefined, from: string) => {
    if (!node) return;
    const n = node as hbs.AST.Node & {
      body?: hbs.AST.Statement[];
      name?: hbs.AST.Node;
      path?: hbs.AST.PathExpression;
      params?: hbs.AST.Expression[];
      program?: hbs.AST.Program;
      inverse?: hbs.AST.Program;
    };
    if (node.type === "Program") {
      for (const statement of n.body!) visit(statement, from);
      return;
    }
    if (
      (node.type === "PartialStatement" ||
        node.type === "PartialBlockStatement") &&
      n.name!.type === "PathExpression" &&
      !(n.name as hbs.AST.PathExpression).data
    ) {
      const name = (n.name as hbs.AST.PathExpression).original;
      const { start, end } = n.name!.loc;
      calls.push({
        from,
        name,
        file: f.file,
        line: start.line,
        col: start.column + 1,
        length:
          start.line === end.line ? end.column - start.column : name.length,
      });
    }
    const first = n.params?.[0];
    if (
      node.type === "DecoratorBlock" &&
      n.path?.original === "inline" &&
      first?.type === "StringLiteral"
    ) {
      const name = (first as hbs.AST.StringLiteral).value;
      inline.push(name);
      visit(n.program, inlineNode(f, name));
      return;
    }
    visit(n.program, from);
    visit(n.inverse, from);
  };
  visit(ast, fileNode(f));
  return { calls, inline };
}
