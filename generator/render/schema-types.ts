import type { JsonObject, JsonValue } from "../model/types.js";
import { docComment, propertyKey, stringLiteral } from "./literal.js";
import { PRINT_WIDTH, textWidth } from "./width.js";

/**
 * JSON Schema → TypeScript declarations, laid out exactly as prettier prints them, so that
 * generated `.d.ts` files need no formatter. Every text from the schema reaches the output
 * through literal.ts (string literals, property keys, doc comments).
 *
 * The layout rules mirror prettier's (verified by tests/render/schema-types.test.ts):
 * objects always open; a union goes on the key's line when it fits, else alone on the next
 * line, else one `| member` a line; a union inside `[]` or `&` takes parentheses that open
 * onto their own lines when needed; `{ … } | null` hugs its object.
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
/* The keyword types, one node each: they are the leaves of nearly every schema. */
const STRING = text("string");
const NUMBER = text("number");
const BOOLEAN = text("boolean");
const NULL = text("null");
const INDEX_KEY = "[key: string]";

/**
 * `export interface <name> { … }` for an object schema, `export type <name> = …;` for any
 * other, preceded by `doc` as a doc comment. Ends with a newline.
 */
export function schemaDeclaration(
  name: string,
  schema: JsonValue,
  doc: string | null,
): string {
  const head = doc ? docComment(doc, "") : "";
  if (isPlainObjectSchema(schema)) {
    const members = objectMembers(schema as JsonObject, schema as JsonObject);
    if (members.length === 0) return `${head}export interface ${name} {}\n`;
    return `${head}export interface ${name} {\n${printMembers(members, 2)}}\n`;
  }
  const node = schemaType(schema, schema);
  const left = `export type ${name} =`;
  return `${head}${left}${printSlot(node, 0, textWidth(left), 1)};\n`;
}

/** The type of `schema`; `root` is the document its local `$ref`s point into. */
export function schemaType(
  schema: JsonValue | undefined,
  root: JsonValue,
): TypeNode {
  return convert(schema, root, []);
}

/** Members of an object type, one a line at `indent`, each ending in a newline. */
export function printMembers(
  members: readonly Member[],
  indent: number,
): string {
  const spaces = pad(indent);
  let out = "";
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    const head = m.optional ? `${m.key}?:` : `${m.key}:`;
    if (m.doc) out += docComment(m.doc, spaces);
    out += `${spaces}${head}${printSlot(m.type, indent, indent + textWidth(head), 1)};\n`;
  }
  return out;
}

/* ---------- schema → node ---------- */

function convert(
  schema: JsonValue | undefined,
  root: JsonValue,
  seen: readonly string[],
): TypeNode {
  if (schema === true || schema === undefined) return UNKNOWN;
  if (schema === false) return NEVER;
  if (!isObject(schema)) return UNKNOWN;
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const target = resolveRef(root, ref);
    // An unresolvable or cyclic reference degrades to unknown rather than failing the build.
    if (target === undefined || seen.includes(ref)) return UNKNOWN;
    return convert(target, root, [...seen, ref]);
  }
  const own = ownType(schema, root, seen);
  const { anyOf, oneOf, allOf } = schema;
  // Most schemas combine nothing: their own type is the whole type.
  if (!Array.isArray(anyOf) && !Array.isArray(oneOf) && !Array.isArray(allOf))
    return own ?? UNKNOWN;
  const parts: TypeNode[] = [];
  if (own) parts.push(own);
  if (Array.isArray(anyOf))
    parts.push(union(anyOf.map((s) => convert(s, root, seen))));
  if (Array.isArray(oneOf))
    parts.push(union(oneOf.map((s) => convert(s, root, seen))));
  if (Array.isArray(allOf))
    for (const s of allOf) parts.push(convert(s, root, seen));
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
  // One declared type, the usual case, is its own union.
  if (typeof schema.type === "string")
    return typeOf(schema.type, schema, root, seen);
  const declared = Array.isArray(schema.type)
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
  return union(types.map((t) => typeOf(t, schema, root, seen)));
}

/** The type one `type` keyword gives the schema. */
function typeOf(
  type: string,
  schema: JsonObject,
  root: JsonValue,
  seen: readonly string[],
): TypeNode {
  switch (type) {
    case "string":
      return STRING;
    case "number":
    case "integer":
      return NUMBER;
    case "boolean":
      return BOOLEAN;
    case "null":
      return NULL;
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

function objectMembers(
  schema: JsonObject,
  root: JsonValue,
  seen: readonly string[] = [],
): Member[] {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required)
      ? schema.required.filter((r) => typeof r === "string")
      : [],
  );
  const members: Member[] = Object.keys(props).map((name) => ({
    key: propertyKey(name),
    optional: !required.has(name),
    doc: describe(props[name]!),
    type: convert(props[name], root, seen),
  }));
  const extra = schema.additionalProperties;
  let index: TypeNode | null = null;
  if (
    hasPatterns(schema) ||
    extra === true ||
    (isObject(extra) && Object.keys(extra).length === 0)
  )
    index = UNKNOWN;
  else if (isObject(extra)) {
    // Named properties must fit the index type; when they may not, unknown keeps it valid.
    const t = convert(extra, root, seen);
    index = members.length === 0 ? t : UNKNOWN;
  }
  if (index && (members.length > 0 || !isText(index, "unknown")))
    members.push({ key: INDEX_KEY, optional: false, doc: null, type: index });
  return members;
}

function describe(schema: JsonValue): string | null {
  if (!isObject(schema)) return null;
  const description =
    typeof schema.description === "string" ? schema.description.trim() : "";
  const byDefault =
    schema.default === undefined
      ? ""
      : `@default ${JSON.stringify(schema.default)}`;
  if (description && byDefault) return `${description}\n${byDefault}`;
  return description || byDefault || null;
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
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: JsonValue | undefined = root;
  for (const raw of ref.slice(2).split("/")) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

function union(members: readonly TypeNode[]): TypeNode {
  // One member is its own union: a text or a node, or a union union() already flattened and deduplicated.
  if (members.length === 1) return members[0]!;
  const out = new UnionBuilder();
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    const complete =
      m.kind === "union" ? m.of.every((x) => out.add(x)) : out.add(m);
    if (!complete) return UNKNOWN;
  }
  return out.node();
}

/**
 * The members of a union as they are added: `unknown` swallows the union, `never` vanishes,
 * a member equal to an earlier one goes. Texts compare by their text; other nodes by their
 * JSON, computed only when a second such node comes (two objects in one union are rare).
 */
class UnionBuilder {
  private readonly out: TypeNode[] = [];
  private readonly texts = new Set<string>();
  private readonly shapes: { node: TypeNode; json: string | null }[] = [];

  /** False when the member is `unknown`: the whole union is then unknown. */
  add(m: TypeNode): boolean {
    if (m.kind === "text") {
      if (m.text === "unknown") return false;
      if (m.text === "never" || this.texts.has(m.text)) return true;
      this.texts.add(m.text);
    } else {
      const json = this.shapes.length === 0 ? null : JSON.stringify(m);
      for (const shape of this.shapes)
        if ((shape.json ??= JSON.stringify(shape.node)) === json) return true;
      this.shapes.push({ node: m, json });
    }
    this.out.push(m);
    return true;
  }

  node(): TypeNode {
    if (this.out.length === 0) return NEVER;
    return this.out.length === 1
      ? this.out[0]!
      : { kind: "union", of: this.out };
  }
}

/**
 * allOf. Keywords and literals meet as sets (`string & ("a" | 1)` → `"a"`), objects merge
 * when their keys do not clash. What is left is kept as an intersection only in the shapes
 * prettier keeps on `} & ` lines (objects, or one object and one other type); any other
 * mix, rare in input schemas, is typed unknown rather than laid out wrongly.
 */
function intersection(members: readonly TypeNode[]): TypeNode {
  // A single part that is no intersection is its own meet (unknown and never included).
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
  const keys = new Set<string>();
  let mergeable = true;
  for (const o of objects) {
    for (const m of o.members) {
      if (keys.has(m.key)) mergeable = false;
      keys.add(m.key);
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
  // Looked up as sets: a meet of two long enums stays linear.
  const lookups = sets.map((set) => new Set(set));
  const admits = (set: ReadonlySet<string>, atom: string) =>
    set.has(atom) ||
    (literalKind(atom) !== null && set.has(literalKind(atom)!));
  const kept = [...new Set(sets.flat())].filter((atom) =>
    lookups.every((set) => admits(set, atom)),
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

/* ---------- node → text ---------- */

/** A type after `key?:` or `type X =`, starting with its separating space or line break. */
function printSlot(
  t: TypeNode,
  indent: number,
  col: number,
  suffix: number,
): string {
  if (t.kind === "union" && !hugs(t)) {
    const flat = flatText(t);
    const width = flat === null ? 0 : textWidth(flat);
    if (flat !== null && col + 1 + width + suffix <= PRINT_WIDTH)
      return ` ${flat}`;
    if (flat !== null && indent + 2 + width + suffix <= PRINT_WIDTH)
      return `\n${pad(indent + 2)}${flat}`;
    return `\n${bars(t, indent + 2, suffix)}`;
  }
  return ` ${print(t, indent, col + 1, suffix)}`;
}

/** A type where it stands: `indent` is the line's indentation, `col` where the type starts. */
function print(
  t: TypeNode,
  indent: number,
  col: number,
  suffix: number,
): string {
  switch (t.kind) {
    case "text":
      return t.text;
    case "object":
      return `{\n${printMembers(t.members, indent + 2)}${pad(indent)}}`;
    case "array":
      return t.of.kind === "union" || t.of.kind === "intersection"
        ? `${parens(t.of, indent, col, suffix + 2)}[]`
        : `${print(t.of, indent, col, suffix + 2)}[]`;
    case "union": {
      if (hugs(t)) return joinInPlace(t.of, " | ", indent, col, suffix);
      const flat = flatText(t);
      return flat !== null ? flat : parens(t, indent, col, suffix);
    }
    case "intersection":
      // Always holds an object (see intersection()), so it is laid out `} & …` in place.
      return joinInPlace(t.of, " & ", indent, col, suffix, true);
  }
}

function joinInPlace(
  members: readonly TypeNode[],
  sep: string,
  indent: number,
  col: number,
  suffix: number,
  parenUnions = false,
): string {
  let out = "";
  // The column where the text so far ends, carried along rather than measured again each time.
  let end = col;
  members.forEach((m, i) => {
    const at = i === 0 ? col : end + sep.length;
    // Prettier measures a piece with what follows it up to the next possible break: the separator and the next member's head.
    const rest =
      i === members.length - 1
        ? suffix
        : sep.length + headWidth(members[i + 1]!);
    const piece =
      parenUnions && m.kind === "union"
        ? parens(m, indent, at, rest)
        : print(m, indent, at, rest);
    out += (i === 0 ? "" : sep) + piece;
    end = lineEnd(piece, at);
  });
  return out;
}

/**
 * How far a member reaches on its first line before it may break: `{` for an object, else its
 * one-line form. (Only objects and `null` ever follow another member: see intersection() and hugs().)
 */
function headWidth(t: TypeNode): number {
  if (t.kind === "object") return 1;
  const flat = flatText(t);
  return flat === null ? 1 : textWidth(flat);
}

/** A union or intersection inside `(…)`: on one line when it fits, else opened onto its own lines. */
function parens(
  t: TypeNode,
  indent: number,
  col: number,
  suffix: number,
): string {
  const flat = flatText(t);
  const width = flat === null ? 0 : textWidth(flat);
  if (flat !== null && col + 1 + width + 1 + suffix <= PRINT_WIDTH)
    return `(${flat})`;
  if ((t.kind === "union" && hugs(t)) || t.kind === "intersection")
    return `(${print(t, indent, col + 1, suffix + 1)})`;
  let inner: string;
  if (flat !== null && indent + 2 + width <= PRINT_WIDTH)
    inner = pad(indent + 2) + flat;
  else if (t.kind === "union") inner = bars(t, indent + 2, 0);
  else inner = pad(indent + 2) + print(t, indent + 2, indent + 2, 0);
  return `(\n${inner}\n${pad(indent)})`;
}

/** One `| member` a line at `indent`; multi-line members indent two further. */
function bars(
  t: Extract<TypeNode, { kind: "union" }>,
  indent: number,
  suffix: number,
): string {
  return t.of
    .map((m, i) => {
      const rest = i === t.of.length - 1 ? suffix : 0;
      const member =
        m.kind === "intersection"
          ? `(${print(m, indent + 2, indent + 3, rest + 1)})`
          : print(m, indent + 2, indent + 2, rest);
      return `${pad(indent)}| ${member}`;
    })
    .join("\n");
}

/** The one-line form, or null when the type holds an object (objects always open). */
function flatText(t: TypeNode): string | null {
  switch (t.kind) {
    case "text":
      return t.text;
    case "object":
      return null;
    case "array": {
      const inner = flatText(t.of);
      if (inner === null) return null;
      return t.of.kind === "union" || t.of.kind === "intersection"
        ? `(${inner})[]`
        : `${inner}[]`;
    }
    case "union":
    case "intersection": {
      const parts = t.of.map((m) => {
        const f = flatText(m);
        // Prettier parenthesises a union inside an intersection and an intersection inside a union.
        return f !== null &&
          t.kind !== m.kind &&
          (m.kind === "union" || m.kind === "intersection")
          ? `(${f})`
          : f;
      });
      return parts.every((p) => p !== null)
        ? parts.join(t.kind === "union" ? " | " : " & ")
        : null;
    }
  }
}

/** Prettier keeps `{ … } | null` around its object instead of breaking the union. */
function hugs(t: Extract<TypeNode, { kind: "union" }>): boolean {
  let objects = 0;
  for (const m of t.of) {
    if (m.kind === "object") objects++;
    else if (!isText(m, "null")) return false;
  }
  return objects === 1;
}

/** The column where `text`, starting at column `col`, ends. */
function lineEnd(text: string, col: number): number {
  const nl = text.lastIndexOf("\n");
  return nl < 0 ? col + textWidth(text) : textWidth(text.slice(nl + 1));
}

/** Keywords that make an object schema more than its properties. */
const NOT_PLAIN = ["$ref", "anyOf", "oneOf", "allOf", "enum", "const"];

function isPlainObjectSchema(schema: JsonValue): boolean {
  if (!isObject(schema)) return false;
  if (NOT_PLAIN.some((k) => k in schema)) return false;
  return (
    schema.type === "object" ||
    (schema.type === undefined && "properties" in schema)
  );
}

function hasPatterns(schema: JsonObject): boolean {
  return (
    isObject(schema.patternProperties) &&
    Object.keys(schema.patternProperties).length > 0
  );
}

function isText(t: TypeNode, value: string): boolean {
  return t.kind === "text" && t.text === value;
}

function isObject(v: JsonValue | undefined): v is JsonObject {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Indentation strings, made once per width. */
const PADS: string[] = [];

function pad(n: number): string {
  return (PADS[n] ??= " ".repeat(n));
}

/** `export type <name> = …;` for a node built by hand, e.g. a union of names. */
export function typeDeclaration(
  name: string,
  node: TypeNode,
  doc: string | null,
): string {
  const left = `export type ${name} =`;
  return `${doc ? docComment(doc, "") : ""}${left}${printSlot(node, 0, textWidth(left), 1)};\n`;
}

/** A union of string literal types (`never` when empty). */
export function stringUnion(values: readonly string[]): TypeNode {
  return union(values.map((v) => text(stringLiteral(v))));
}
