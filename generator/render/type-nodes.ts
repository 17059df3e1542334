import type { JsonObject, JsonValue } from "../model/types.js";
import { refTarget } from "../../runtime/shared/pointer.js";
import { propertyKey, stringLiteral } from "./literal.js";
import { isRecord } from "../../runtime/shared/record.js";

/**
 * JSON Schema → type nodes: the TypeScript type a schema gives, resolved but not yet printed
 * (schema-types.ts prints it). Every text from the schema is already a literal or a property
 * key here, made through literal.ts.
 */

export type TypeNode =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "array"; readonly of: TypeNode }
  | { readonly kind: "object"; readonly members: readonly Member[] }
  | { readonly kind: "union"; readonly of: readonly TypeNode[] }
  | { readonly kind: "intersection"; readonly of: readonly TypeNode[] };

export interface Member {
  /** Already printed: a property key (through propertyKey) or `[key: string]`. */
  readonly key: string;
  readonly optional: boolean;
  readonly doc: string | null;
  readonly type: TypeNode;
}

const text = (t: string): TypeNode => ({ kind: "text", text: t });
const UNKNOWN = text("unknown");
const NEVER = text("never");
const INDEX_KEY = "[key: string]";

/** The type of `schema`; `root` is the document its local `$ref`s point into. */
export function schemaType(
  schema: JsonValue | undefined,
  root: JsonValue,
): TypeNode {
  return convert(schema, root, []);
}

/* ---------- schema → node ---------- */

const COMBINED = ["anyOf", "oneOf"] as const;

function convert(
  schema: JsonValue | undefined,
  root: JsonValue,
  seen: readonly string[],
): TypeNode {
  if (schema === true || schema === undefined) return UNKNOWN;
  if (schema === false) return NEVER;
  if (!isRecord(schema)) return UNKNOWN;
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const target = resolveRef(root, ref);
    // An unresolvable or cyclic reference degrades to unknown rather than failing the build.
    if (target === undefined || seen.includes(ref)) return UNKNOWN;
    return convert(target, root, [...seen, ref]);
  }
  const parts: TypeNode[] = [];
  const own = ownType(schema, root, seen);
  if (own) parts.push(own);
  for (const key of COMBINED) {
    const list = schema[key];
    if (Array.isArray(list))
      parts.push(union(list.map((s) => convert(s, root, seen))));
  }
  if (Array.isArray(schema.allOf))
    parts.push(...schema.allOf.map((s) => convert(s, root, seen)));
  return intersection(parts);
}

/** The type `const`, `enum` or `type` gives, or null when the schema leaves it open. */
function ownType(
  schema: JsonObject,
  root: JsonValue,
  seen: readonly string[],
): TypeNode | null {
  if ("const" in schema) {
    const lit = literal(schema.const!);
    if (lit) return lit;
  }
  if (Array.isArray(schema.enum)) {
    const lits = schema.enum.map(literal);
    if (lits.every((l) => l !== null)) return union(lits as TypeNode[]);
  }
  const declared =
    typeof schema.type === "string"
      ? [schema.type]
      : Array.isArray(schema.type)
        ? schema.type.filter((t) => typeof t === "string")
        : null;
  const types =
    declared ??
    ("properties" in schema ||
    "additionalProperties" in schema ||
    "patternProperties" in schema ||
    "required" in schema
      ? ["object"]
      : "items" in schema
        ? ["array"]
        : null);
  if (!types) return null;
  return union(
    types.map((t) => {
      switch (t) {
        case "string":
          return text("string");
        case "number":
        case "integer":
          return text("number");
        case "boolean":
          return text("boolean");
        case "null":
          return text("null");
        case "array":
          return {
            kind: "array",
            of:
              Array.isArray(schema.items) || schema.items === undefined
                ? UNKNOWN
                : convert(schema.items, root, seen),
          };
        case "object":
          return objectType(schema, root, seen);
        default:
          return UNKNOWN;
      }
    }),
  );
}

function objectType(
  schema: JsonObject,
  root: JsonValue,
  seen: readonly string[],
): TypeNode {
  const members = objectMembers(schema, root, seen);
  if (members.length > 0) return { kind: "object", members };
  return text(
    schema.additionalProperties === false && !hasPatterns(schema)
      ? "Record<string, never>"
      : "Record<string, unknown>",
  );
}

export function objectMembers(
  schema: JsonObject,
  root: JsonValue,
  seen: readonly string[] = [],
): Member[] {
  const props = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required)
      ? schema.required.filter((r) => typeof r === "string")
      : [],
  );
  const members: Member[] = Object.entries(props).map(([name, s]) => ({
    key: propertyKey(name),
    optional: !required.has(name),
    doc: describe(s),
    type: convert(s, root, seen),
  }));
  const extra = schema.additionalProperties;
  let index: TypeNode | null = null;
  if (
    hasPatterns(schema) ||
    extra === true ||
    (isRecord(extra) && Object.keys(extra).length === 0)
  )
    index = UNKNOWN;
  else if (isRecord(extra)) {
    // Named properties must fit the index type; when they may not, unknown keeps it valid.
    const t = convert(extra, root, seen);
    index = members.length === 0 ? t : UNKNOWN;
  }
  if (index && (members.length > 0 || !isText(index, "unknown")))
    members.push({ key: INDEX_KEY, optional: false, doc: null, type: index });
  return members;
}

function describe(schema: JsonValue): string | null {
  if (!isRecord(schema)) return null;
  const lines: string[] = [];
  if (typeof schema.description === "string" && schema.description.trim())
    lines.push(schema.description.trim());
  if (schema.default !== undefined)
    lines.push(`@default ${JSON.stringify(schema.default)}`);
  return lines.length ? lines.join("\n") : null;
}

function literal(value: JsonValue): TypeNode | null {
  if (typeof value === "string") return text(stringLiteral(value));
  if (typeof value === "boolean" || value === null) return text(String(value));
  if (typeof value === "number" && Number.isFinite(value))
    return text(String(value).replace("e+", "e"));
  return null;
}

/** `#`, `#/definitions/X`, `#/$defs/X` and any other JSON pointer into the same document. */
function resolveRef(root: JsonValue, ref: string): JsonValue | undefined {
  return refTarget(root, ref) as JsonValue | undefined;
}

function union(members: readonly TypeNode[]): TypeNode {
  // Most schemas declare one type: nothing to flatten or compare (a key per member is a
  // JSON text of its whole subtree, so comparing at every level would cost depth²).
  if (members.length === 1 && members[0]!.kind !== "union") return members[0]!;
  const out: TypeNode[] = [];
  const seen = new Set<string>();
  for (const m of members.flatMap((m) => (m.kind === "union" ? m.of : [m]))) {
    if (isText(m, "unknown")) return UNKNOWN;
    if (isText(m, "never")) continue;
    // A text node keyed by its text: a keyword, a literal or Record<…>, never the JSON of a node.
    const key = m.kind === "text" ? m.text : JSON.stringify(m);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(m);
    }
  }
  if (out.length === 0) return NEVER;
  return out.length === 1 ? out[0]! : { kind: "union", of: out };
}

/**
 * allOf. Keywords and literals meet as sets (`string & ("a" | 1)` → `"a"`), objects merge
 * when their keys do not clash. What is left is kept as an intersection only when it holds
 * objects, or one object and one other type; any other mix, rare in input schemas, is typed
 * unknown.
 */
function intersection(members: readonly TypeNode[]): TypeNode {
  // Most schemas are one part: nothing to flatten, filter or merge.
  if (members.length === 1 && members[0]!.kind !== "intersection")
    return members[0]!;
  let flat = members
    .flatMap((m) => (m.kind === "intersection" ? m.of : [m]))
    .filter((m) => !isText(m, "unknown"));
  if (flat.some((m) => isText(m, "never"))) return NEVER;
  if (flat.some((m) => m.kind === "object"))
    flat = flat.filter((m) => !isText(m, "Record<string, unknown>"));
  if (flat.length === 0) return UNKNOWN;
  if (flat.length === 1) return flat[0]!;
  const atoms = meetAtoms(flat);
  if (atoms) return atoms;
  const objects = flat.filter((m) => m.kind === "object");
  const rest = flat.filter((m) => m.kind !== "object");
  const merged: Member[] = [];
  let mergeable = true;
  for (const o of objects) {
    for (const m of o.members) {
      if (merged.some((x) => x.key === m.key)) mergeable = false;
      merged.push(m);
    }
  }
  const parts =
    objects.length > 1 && mergeable
      ? [{ kind: "object", members: widenIndex(merged) } as TypeNode, ...rest]
      : flat;
  if (parts.length === 1) return parts[0]!;
  const objectCount = parts.filter((m) => m.kind === "object").length;
  if (objectCount === parts.length || (parts.length === 2 && objectCount === 1))
    return { kind: "intersection", of: parts };
  return UNKNOWN;
}

/** Named properties must fit an index signature's type; beside them it can only be unknown. */
function widenIndex(members: readonly Member[]): Member[] {
  const named = members.some((m) => m.key !== INDEX_KEY);
  return members.map((m) =>
    m.key === INDEX_KEY && named ? { ...m, type: UNKNOWN } : m,
  );
}

/** The meet of parts that are all keywords and literals, as one union; null when another type is involved. */
function meetAtoms(parts: readonly TypeNode[]): TypeNode | null {
  const sets: string[][] = [];
  for (const p of parts) {
    const items = p.kind === "union" ? p.of : [p];
    const texts = items.map((i) =>
      i.kind === "text" &&
      (KEYWORDS.has(i.text) || literalKind(i.text) !== null)
        ? i.text
        : null,
    );
    if (texts.some((t) => t === null)) return null;
    sets.push(texts as string[]);
  }
  const admits = (set: readonly string[], atom: string) =>
    set.includes(atom) ||
    (literalKind(atom) !== null && set.includes(literalKind(atom)!));
  const kept = [...new Set(sets.flat())].filter((atom) =>
    sets.every((set) => admits(set, atom)),
  );
  return union(kept.map(text));
}

const KEYWORDS = new Set(["string", "number", "boolean", "null"]);

function literalKind(t: string): string | null {
  if (t.startsWith('"') || t.startsWith("'")) return "string";
  if (t === "true" || t === "false") return "boolean";
  if (KEYWORDS.has(t)) return null;
  return /^-?\d/.test(t) ? "number" : null;
}

/** Keywords that make an object schema more than its properties. */
const NOT_PLAIN = ["$ref", "anyOf", "oneOf", "allOf", "enum", "const"];

/** An object schema that is only its properties: declared as an interface. */
export function isPlainObjectSchema(schema: JsonValue): boolean {
  if (!isRecord(schema)) return false;
  if (NOT_PLAIN.some((k) => k in schema)) return false;
  return (
    schema.type === "object" ||
    (schema.type === undefined && "properties" in schema)
  );
}

function hasPatterns(schema: JsonObject): boolean {
  return (
    isRecord(schema.patternProperties) &&
    Object.keys(schema.patternProperties).length > 0
  );
}

function isText(t: TypeNode, value: string): boolean {
  return t.kind === "text" && t.text === value;
}

/** A union of string literal types (`never` when empty). */
export function stringUnion(values: readonly string[]): TypeNode {
  return union(values.map((v) => text(stringLiteral(v))));
}
