import type { JsonObject } from "../model/types.js";
import { MAX_DEPTH } from "../read/depth.js";
import type { Problem } from "./problem.js";
import type { SchemaKind } from "./schema-kind.js";
import { refKeys, refTarget } from "../../runtime/shared/pointer.js";
import { isRecord } from "../../runtime/shared/record.js";
import { DATA_KEYS } from "../model/schema-keys.js";

/**
 * How far a schema reaches through its `$ref`s. Every validator toolgen's packages run (ajv in
 * TypeScript, jsonschema in Python) and every writer of types follows a ref by recursion, and
 * the types and docs write a referenced schema out where it is used. So a schema may nest at most
 * MAX_DEPTH (64) levels counted through its refs, each ref followed one level (the limit the
 * spec's own nesting has, which a chain of refs would otherwise get round), and its refs may
 * add at most MAX_EXPANDED schema nodes to what is written (a ref bomb, as aliases make a YAML
 * one). A ref back to a schema being expanded (a recursive schema, a tree) adds nothing: every
 * reader stops there.
 *
 * The schema is expanded as its readers expand it, without recursion, and the expansion stops
 * at the first limit passed: its cost is the schema's size plus at most MAX_EXPANDED nodes.
 */

/** Schema nodes a schema's refs may add, counted as each use writes its target out. */
export const MAX_EXPANDED = 100_000;

type Path = (string | number)[];

/** Keys of a schema whose values map names to schemas. */
const NAME_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependencies",
  "dependentSchemas",
]);
/** Keys whose schemas apply only through a ref. */
const DEFINITIONS: ReadonlySet<string> = new Set(["$defs", "definitions"]);

interface Edge {
  readonly node: object;
  readonly names: boolean;
  readonly path: Path;
  /** The edge follows a `$ref`: its target is written elsewhere. */
  readonly ref: boolean;
}

/** A node being expanded, on the way down from the root. */
interface Frame {
  readonly node: object;
  /** Where the node is written. */
  readonly path: Path;
  readonly edges: Edge[];
  next: number;
  /** Levels from the root, each ref followed one. */
  readonly depth: number;
  /** Where the first ref on the way down to it is written; undefined: none yet. */
  readonly firstRef: Path | undefined;
}

/** Problems of a schema whose refs all point at schemas (schema-refs.ts found none). */
export function reachProblems(root: JsonObject, kind: SchemaKind): Problem[] {
  const open = new Set<object>([root]);
  const stack: Frame[] = [
    {
      node: root,
      path: [],
      edges: edgesOf(root, false, [], root),
      next: 0,
      depth: 0,
      firstRef: undefined,
    },
  ];
  let expanded = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.edges.length) {
      stack.pop();
      open.delete(top.node);
      continue;
    }
    const edge = top.edges[top.next++]!;
    // A node already on the way down: a recursive schema, where every reader stops.
    if (open.has(edge.node)) continue;
    const firstRef =
      top.firstRef ?? (edge.ref ? [...top.path, "$ref"] : undefined);
    const depth = top.depth + 1;
    if (depth > MAX_DEPTH)
      return [
        {
          path: firstRef ?? [],
          message: `the ${kind} schema nests deeper than ${MAX_DEPTH} levels, counted through its $refs (each ref followed is a level): validators and writers of types follow a ref by recursion`,
          code: "ref-too-deep",
        },
      ];
    if (firstRef !== undefined && ++expanded > MAX_EXPANDED)
      return [
        {
          path: firstRef,
          message: `the ${kind} schema's $refs expand to more than ${MAX_EXPANDED} schema nodes, each use of a ref written out in the types and docs: refer to fewer copies`,
          code: "ref-expansion",
        },
      ];
    open.add(edge.node);
    stack.push({
      node: edge.node,
      path: edge.path,
      edges: edgesOf(edge.node, edge.names, edge.path, root),
      next: 0,
      depth,
      firstRef,
    });
  }
  return [];
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
