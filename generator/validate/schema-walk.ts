import type { JsonObject } from "../model/types.js";
import type { SchemaKind } from "./input-schema.js";
import type { Problem } from "./problem.js";
import { refProblem } from "./schema-refs.js";

/**
 * The one walk over a tool's schema that input-schema.ts starts from: the checks made node by
 * node ('required', '$ref', '__proto__'), and the schemas whose values are checked later.
 */

type Path = (string | number)[];

/** Keys whose values are data (a list of values, a default, an example), not schemas: nothing below them is a schema. */
const DATA_KEYS: ReadonlySet<string> = new Set([
  "enum",
  "default",
  "const",
  "examples",
]);

const PROTO_MESSAGE = (kind: SchemaKind) =>
  `'__proto__' cannot be ${kind === "input" ? "an input" : "a result field"} name: JavaScript clients, the MCP SDK's among them, drop it or take it for the object's prototype`;

/** A schema holding a default, enum or const, and where it is. */
export interface Valued {
  readonly node: Record<string, unknown>;
  readonly path: Path;
}

/** What the one walk over a schema collects. */
export interface SchemaWalk {
  readonly root: JsonObject;
  readonly kind: SchemaKind;
  /** The path of the node being visited: one array, pushed and popped as the walk goes. */
  readonly path: Path;
  /** 'required' and '$ref' problems: with any of them the schema goes no further. */
  readonly shape: Problem[];
  /** Properties named '__proto__', reported whatever else is wrong. */
  readonly proto: Problem[];
  /** Schemas whose values are checked once the schema is known to compile. */
  readonly valued: Valued[];
}

/**
 * One walk over every object of the schema, data included, doing every per-node check; a path
 * is copied only for a problem or a schema with values. Recursive: the parser refuses a spec
 * nested deeper than MAX_DEPTH (64) levels, so the walk cannot run out of stack.
 */
export function walkSchema(root: JsonObject, kind: SchemaKind): SchemaWalk {
  const walk: SchemaWalk = {
    root,
    kind,
    path: [],
    shape: [],
    proto: [],
    valued: [],
  };
  visitNode(root, false, walk);
  return walk;
}

/**
 * Keywords whose subschemas apply to the same value as the schema holding them: a `required`
 * in one of them may name a property of that schema (`anyOf: [{required: [email]}, …]`).
 */
const SAME_VALUE_KEYS: ReadonlySet<string> = new Set([
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
]);

/** Keywords whose value maps names to schemas: there a key is a name, not a keyword. */
const NAME_MAP_KEYS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "definitions",
  "$defs",
]);

/**
 * `inData`: the node lies below a default, enum, const or examples key, where nothing is a
 * schema. `outer`: inside a subschema of SAME_VALUE_KEYS, the property names of the schemas it
 * applies with (the object schema and any combinator between); undefined elsewhere. `names`:
 * the node maps names to schemas (a property named `anyOf` is no combinator).
 */
function visitNode(
  node: object,
  inData: boolean,
  walk: SchemaWalk,
  outer?: readonly string[],
  names = false,
): void {
  const { path } = walk;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (child === null || typeof child !== "object") continue;
      path.push(i);
      visitNode(child, inData, walk, outer);
      path.pop();
    }
    return;
  }
  const record = node as Record<string, unknown>;
  // The keywords the checks read are picked up on the one pass over the keys. for-in rather than
  // Object.keys: no array of keys per node (spec objects inherit no enumerable keys).
  let properties: unknown;
  let required: unknown;
  let ref: unknown;
  let valued = false;
  // The names a subschema of SAME_VALUE_KEYS may require: made once, when there is one.
  let known: readonly string[] | undefined;
  for (const key in record) {
    const child = record[key];
    if (key === "properties") properties = child;
    else if (key === "required") required = child;
    else if (key === "$ref") ref = child;
    else if (key === "default" || key === "enum" || key === "const")
      valued = true;
    if (child === null || typeof child !== "object") continue;
    const keyword = !inData && !names;
    const sameValue = keyword && SAME_VALUE_KEYS.has(key);
    const dependencies = keyword && key === "dependencies";
    if (sameValue || dependencies)
      known ??= [...(outer ?? []), ...propertyNames(record.properties)];
    path.push(key);
    if (dependencies && !Array.isArray(child))
      visitDependencies(child, walk, known);
    else
      visitNode(
        child,
        inData || DATA_KEYS.has(key),
        walk,
        sameValue ? known : undefined,
        keyword && NAME_MAP_KEYS.has(key),
      );
    path.pop();
  }
  if (
    properties !== null &&
    typeof properties === "object" &&
    Object.hasOwn(properties, "__proto__")
  ) {
    walk.proto.push({
      path: [...path, "properties", "__proto__"],
      key: true,
      message: PROTO_MESSAGE(walk.kind),
      code: "proto-input-name",
    });
  }
  if (inData) return;
  if (Array.isArray(required)) checkRequired(properties, required, walk, outer);
  if (typeof ref === "string") {
    const found = refProblem(walk.root, ref, walk.kind);
    if (found !== undefined)
      walk.shape.push({ path: [...path, "$ref"], ...found });
  }
  if (valued) walk.valued.push({ node: record, path: [...path] });
}

/**
 * `dependencies`: each value a schema that applies to the same value as the object schema when
 * its property is there (`email: { required: [name] }`), or a list of names (data).
 */
function visitDependencies(
  map: object,
  walk: SchemaWalk,
  known: readonly string[] | undefined,
): void {
  const { path } = walk;
  for (const name in map) {
    const child = (map as Record<string, unknown>)[name];
    if (child === null || typeof child !== "object") continue;
    path.push(name);
    visitNode(child, false, walk, Array.isArray(child) ? undefined : known);
    path.pop();
  }
}

/**
 * Every required name is one of the schema's own properties or, in a subschema of anyOf,
 * oneOf, allOf, not, if, then, else or dependencies, one of the properties of the schemas it
 * applies with.
 */
function checkRequired(
  props: unknown,
  required: readonly unknown[],
  walk: SchemaWalk,
  outer: readonly string[] | undefined,
): void {
  const own = propertyNames(props);
  const names = outer === undefined ? own : [...new Set([...outer, ...own])];
  required.forEach((name, i) => {
    if (typeof name === "string" && !names.includes(name))
      walk.shape.push({
        path: [...walk.path, "required", i],
        message: `'required' names '${name}', which is not one of the properties${names.length ? ` (${names.join(", ")})` : ""}`,
        code: "required-not-a-property",
      });
  });
}

function propertyNames(props: unknown): string[] {
  return props !== null && typeof props === "object" && !Array.isArray(props)
    ? Object.keys(props)
    : [];
}
