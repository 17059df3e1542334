import type { JsonObject } from "../model/types.js";
import { MAX_DEPTH } from "../read/depth.js";
import type { Problem } from "./problem.js";
import type { SchemaKind } from "./schema-kind.js";
import { refKeys, refTarget } from "../../runtime/shared/pointer.js";
import { isRecord } from "../../runtime/shared/record.js";

/**
 * How far a schema reaches through its `$ref`s. Every validator toolgen's packages run (ajv in
 * TypeScript, jsonschema in Python) and every writer of types follows a ref by recursion, and
 * the types and docs write a referenced schema out where it is used. So a schema may nest at most
 * MAX_DEPTH (64) levels counted through its refs, each ref followed one level (the limit the
 * spec's own nesting has, which a chain of refs would otherwise get round), and its refs may
 * add at most MAX_EXPANDED schema nodes to what is written (a ref bomb, as aliases make a YAML
 * one). A ref back to a schema being measured (a recursive schema, a tree) adds nothing: every
 * reader stops there.
 *
 * One pass, without recursion, each schema measured once: linear in the schema's size.
 */

/** Schema nodes a schema's refs may add, counted as each use writes its target out. */
export const MAX_EXPANDED = 100_000;

type Path = (string | number)[];

/** Keys whose values are data, never schemas. */
const DATA_KEYS: ReadonlySet<string> = new Set([
  "enum",
  "default",
  "const",
  "examples",
]);
/** Keys of a schema whose values map names to schemas. */
const NAME_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependencies",
  "dependentSchemas",
]);
/** Keys whose schemas apply only through a ref. */
const DEFINITIONS: ReadonlySet<string> = new Set(["$defs", "definitions"]);

interface Measure {
  /** Levels below the node, its refs followed. */
  readonly height: number;
  /** Nodes below it, the node too, its refs' targets counted at each use. */
  readonly total: number;
  /** Nodes below it as written, the node too. */
  readonly written: number;
  /** The edge to the highest node below it, and to the largest. */
  readonly deepest?: Edge;
  readonly largest?: Edge;
}

/** A node being measured: its edges, and how far it has got through them. */
interface Frame {
  readonly node: object;
  readonly names: boolean;
  readonly path: Path;
  readonly edges: Edge[];
  next: number;
  height: number;
  total: number;
  written: number;
  deepest?: Edge;
  largest?: Edge;
  largestTotal: number;
}

interface Edge {
  readonly node: object;
  readonly names: boolean;
  readonly path: Path;
  /** The edge follows a `$ref`: its target is not written here. */
  readonly ref: boolean;
}

/** Problems of a schema whose refs all point at schemas (schema-refs.ts found none). */
export function reachProblems(root: JsonObject, kind: SchemaKind): Problem[] {
  const done = [new Map<object, Measure>(), new Map<object, Measure>()];
  const memo = (names: boolean) => done[names ? 1 : 0]!;
  const open = new Set<object>();
  // A node still open is an ancestor: a recursive schema, which adds nothing.
  const recursive: Measure = { height: 0, total: 0, written: 0 };
  const stack: Frame[] = [frame(root, false, [], root)];
  open.add(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.edges.length) {
      const edge = top.edges[top.next++]!;
      const m = open.has(edge.node)
        ? recursive
        : memo(edge.names).get(edge.node);
      if (m !== undefined) take(top, edge, m);
      else {
        open.add(edge.node);
        stack.push(frame(edge.node, edge.names, edge.path, root));
      }
      continue;
    }
    stack.pop();
    open.delete(top.node);
    const { height, total, written, deepest, largest } = top;
    const m = { height, total, written, deepest, largest };
    memo(top.names).set(top.node, m);
    const parent = stack[stack.length - 1];
    if (parent !== undefined) take(parent, parent.edges[parent.next - 1]!, m);
  }
  const whole = memo(false).get(root)!;
  if (whole.height > MAX_DEPTH)
    return [
      {
        path: firstRef(whole, (m) => m.deepest, memo),
        message: `the ${kind} schema nests deeper than ${MAX_DEPTH} levels, counted through its $refs (each ref followed is a level): validators and writers of types follow a ref by recursion`,
        code: "ref-too-deep",
      },
    ];
  if (whole.total - whole.written > MAX_EXPANDED)
    return [
      {
        path: firstRef(whole, (m) => m.largest, memo),
        message: `the ${kind} schema's $refs expand to more than ${MAX_EXPANDED} schema nodes, each use of a ref written out in the types and docs: refer to fewer copies`,
        code: "ref-expansion",
      },
    ];
  return [];
}

/** A node's measure grows by one of its edges, measured. */
function take(into: Frame, edge: Edge, m: Measure): void {
  // Sums past any limit stay finite: an exponential expansion would overflow to Infinity.
  const total = Math.min(into.total + m.total, Number.MAX_SAFE_INTEGER);
  into.total = total;
  if (!edge.ref) into.written += m.written;
  if (m.height + 1 > into.height) {
    into.height = m.height + 1;
    into.deepest = edge;
  }
  if (m.total > into.largestTotal) {
    into.largestTotal = m.total;
    into.largest = edge;
  }
}

/**
 * The first $ref on the way down from the root by `pick`'s edges, where a problem it found
 * starts; the schema itself if none (the way is no longer than the spec's nesting).
 */
function firstRef(
  from: Measure,
  pick: (m: Measure) => Edge | undefined,
  memo: (names: boolean) => Map<object, Measure>,
): Path {
  let at: Path = [];
  let m: Measure | undefined = from;
  for (let step = 0; m !== undefined && step <= MAX_DEPTH; step++) {
    const edge = pick(m);
    if (edge === undefined) break;
    if (edge.ref) return [...at, "$ref"];
    at = edge.path;
    m = memo(edge.names).get(edge.node);
  }
  return [];
}

function frame(
  node: object,
  names: boolean,
  path: Path,
  root: JsonObject,
): Frame {
  return {
    node,
    names,
    path,
    edges: edgesOf(node, names, path, root),
    next: 0,
    height: 0,
    total: 1,
    written: 1,
    largestTotal: 0,
  };
}

/** The nodes below `node` a reader goes to: its schemas, and its ref's target. */
function edgesOf(
  node: object,
  names: boolean,
  path: Path,
  root: JsonObject,
): Edge[] {
  const edges: Edge[] = [];
  const add = (child: unknown, at: Path, childNames: boolean, ref = false) => {
    if (child !== null && typeof child === "object")
      edges.push({ node: child, names: childNames, path: at, ref });
  };
  if (Array.isArray(node)) {
    node.forEach((child, i) => add(child, [...path, i], false));
    return edges;
  }
  for (const [key, child] of Object.entries(node)) {
    if (!names && (DATA_KEYS.has(key) || DEFINITIONS.has(key))) continue;
    add(child, [...path, key], !names && NAME_MAPS.has(key));
  }
  const ref = (node as Record<string, unknown>).$ref;
  if (!names && typeof ref === "string" && isRecord(node)) {
    const target = refTarget(root, ref);
    add(target, refKeys(ref) ?? [], false, true);
  }
  return edges;
}
