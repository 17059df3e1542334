import type { JsonObject } from "../model/types.js";
import type { SchemaKind } from "./schema-kind.js";
import type { Problem } from "./problem.js";
import { reachProblems } from "./schema-reach.js";
import { RefChecks } from "./schema-refs.js";
import { isRecord } from "../../runtime/shared/record.js";
import { DATA_KEYS } from "../model/schema-keys.js";

/**
 * The one walk over a tool's schema that input-schema.ts starts from: the checks made node by
 * node ('required', '$ref', '__proto__'), and the schemas whose values are checked later.
 */

type Path = (string | number)[];

const PROTO_MESSAGE = (kind: SchemaKind) =>
  `'__proto__' cannot be ${kind === "input" ? "an input" : "a result field"} name: JavaScript clients, the MCP SDK's among them, drop it or take it for the object's prototype`;

/** A schema holding a default, enum or const, and where it is. */
export interface Valued {
  readonly node: Record<string, unknown>;
  readonly path: Path;
}

/** What the walk over a schema collects. */
export interface SchemaWalk {
  /** 'required' and '$ref' problems: with any of them the schema goes no further. */
  readonly shape: Problem[];
  /** Properties named '__proto__', reported whatever else is wrong. */
  readonly proto: Problem[];
  /** Schemas whose values are checked once the schema is known to compile. */
  readonly valued: Valued[];
}

/**
 * One walk over every object of the schema, data included, doing every per-node check.
 * Recursive: the parser refuses a spec nested deeper than MAX_DEPTH (64) levels, so the walk
 * cannot run out of stack.
 */
export function walkSchema(root: JsonObject, kind: SchemaKind): SchemaWalk {
  const walk: SchemaWalk = { shape: [], proto: [], valued: [] };
  const refs = new RefChecks(root, kind);
  visitNode(root, [], { inData: false, names: false }, refs, kind, walk);
  const refProblems = refs.problems();
  // With every ref pointing at a schema, how far they reach (a chain, a ref bomb); then how
  // many places they point at (a chain is said to be too deep rather than too wide).
  const reach = refProblems.length > 0 ? [] : reachProblems(root, kind);
  const tooMany = refs.tooManyTargets();
  walk.shape.push(
    ...(refProblems.length > 0
      ? refProblems
      : reach.length > 0 || tooMany === undefined
        ? reach
        : [tooMany]),
  );
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

/** Where a node of the schema lies. */
interface Place {
  /** Below a default, enum, const or examples key, where nothing is a schema. */
  readonly inData: boolean;
  /**
   * Inside a subschema of SAME_VALUE_KEYS or `dependencies`: the property names of the schemas
   * it applies with (the object schema and any combinator between); undefined elsewhere.
   */
  readonly outer?: readonly string[];
  /** The node maps names to schemas: a property named `anyOf` is no combinator. */
  readonly names: boolean;
}

function visitNode(
  node: unknown,
  path: Path,
  place: Place,
  refs: RefChecks,
  kind: SchemaKind,
  walk: SchemaWalk,
): void {
  if (node === null || typeof node !== "object") return;
  const visit = (child: unknown, at: Path, where: Place) =>
    visitNode(child, at, where, refs, kind, walk);
  if (Array.isArray(node)) {
    node.forEach((child, i) =>
      visit(child, [...path, i], {
        inData: place.inData,
        outer: place.outer,
        names: false,
      }),
    );
    return;
  }
  const record = node as Record<string, unknown>;
  const { inData, outer } = place;
  const keyword = !inData && !place.names;
  // The names a subschema of SAME_VALUE_KEYS or `dependencies` may require.
  const known = [...(outer ?? []), ...propertyNames(record.properties)];
  // Keys, not entries: a `$defs` of 466,000 schemas made as many pairs at once (issue #34).
  for (const key of Object.keys(record)) {
    const child = record[key];
    if (keyword && key === "dependencies" && isRecord(child)) {
      // Each value a schema that applies to the same value as the object schema when its
      // property is there (`email: { required: [name] }`), or a list of names (data).
      for (const [name, schema] of Object.entries(child))
        visit(schema, [...path, key, name], {
          inData: false,
          outer: Array.isArray(schema) ? undefined : known,
          names: false,
        });
      continue;
    }
    visit(child, [...path, key], {
      inData: inData || DATA_KEYS.has(key),
      outer: keyword && SAME_VALUE_KEYS.has(key) ? known : undefined,
      names: keyword && NAME_MAP_KEYS.has(key),
    });
  }
  // A map of names to schemas (`properties`, `$defs`…) is no schema: a property named
  // `default`, `required` or `$ref` is a name there, and its value was visited as a schema.
  if (place.names) return;
  const { properties, required, $ref: ref } = record;
  if (
    properties !== null &&
    typeof properties === "object" &&
    Object.hasOwn(properties, "__proto__")
  )
    walk.proto.push({
      path: [...path, "properties", "__proto__"],
      key: true,
      message: PROTO_MESSAGE(kind),
      code: "proto-input-name",
    });
  if (inData) return;
  if (Array.isArray(required))
    walk.shape.push(...requiredProblems(properties, required, path, outer));
  if (typeof ref === "string") refs.check(ref, path);
  if (["default", "enum", "const"].some((key) => Object.hasOwn(record, key)))
    walk.valued.push({ node: record, path });
}

/**
 * Every required name is one of the schema's own properties or, in a subschema of anyOf,
 * oneOf, allOf, not, if, then, else or dependencies, one of the properties of the schemas it
 * applies with.
 */
function requiredProblems(
  props: unknown,
  required: readonly unknown[],
  path: Path,
  outer: readonly string[] | undefined,
): Problem[] {
  const own = propertyNames(props);
  const names = outer === undefined ? own : [...new Set([...outer, ...own])];
  // A set: a wide schema may require 100,000 names.
  const known = new Set(names);
  return required.flatMap((name, i): Problem[] =>
    typeof name === "string" && !known.has(name)
      ? [
          {
            path: [...path, "required", i],
            message: `'required' names '${name}', which is not one of the properties${names.length ? ` (${names.join(", ")})` : ""}`,
            code: "required-not-a-property",
          },
        ]
      : [],
  );
}

function propertyNames(props: unknown): string[] {
  return isRecord(props) ? Object.keys(props) : [];
}
