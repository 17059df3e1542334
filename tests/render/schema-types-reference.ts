import type { JsonObject, JsonValue } from "../../generator/model/types.js";
import { docComment, propertyKey, stringLiteral } from "./literal-reference.js";
import { PRINT_WIDTH, textWidth } from "../../generator/render/width.js";

/*
 * schema-types.ts as it was before its fast paths (tests/render/schema-types.test.ts holds the
 * generator's to it on random schemas). Nothing else uses it.
 */
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
  return members
    .map((m) => {
      const head = `${m.key}${m.optional ? "?" : ""}:`;
      const doc = m.doc ? docComment(m.doc, pad(indent)) : "";
      return `${doc}${pad(indent)}${head}${printSlot(m.type, indent, indent + textWidth(head), 1)};\n`;
    })
    .join("");
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
  const parts: TypeNode[] = [];
  const own = ownType(schema, root, seen);
  if (own) parts.push(own);
  for (const key of ["anyOf", "oneOf"] as const) {
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
  const out: TypeNode[] = [];
  const seen = new Set<string>();
  for (const m of members.flatMap((m) => (m.kind === "union" ? m.of : [m]))) {
    if (isText(m, "unknown")) return UNKNOWN;
    if (isText(m, "never")) continue;
    const key = JSON.stringify(m);
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
 * when their keys do not clash. What is left is kept as an intersection only in the shapes
 * prettier keeps on `} & ` lines (objects, or one object and one other type); any other
 * mix, rare in input schemas, is typed unknown rather than laid out wrongly.
 */
function intersection(members: readonly TypeNode[]): TypeNode {
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
    if (flat !== null && col + 1 + textWidth(flat) + suffix <= PRINT_WIDTH)
      return ` ${flat}`;
    if (flat !== null && indent + 2 + textWidth(flat) + suffix <= PRINT_WIDTH)
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
  members.forEach((m, i) => {
    const at = i === 0 ? col : lastLineEnd(out, col) + sep.length;
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
  if (flat !== null && col + 1 + textWidth(flat) + 1 + suffix <= PRINT_WIDTH)
    return `(${flat})`;
  if ((t.kind === "union" && hugs(t)) || t.kind === "intersection")
    return `(${print(t, indent, col + 1, suffix + 1)})`;
  let inner: string;
  if (flat !== null && indent + 2 + textWidth(flat) <= PRINT_WIDTH)
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
  return (
    t.of.filter((m) => m.kind === "object").length === 1 &&
    t.of.every((m) => m.kind === "object" || isText(m, "null"))
  );
}

function lastLineEnd(out: string, col: number): number {
  const nl = out.lastIndexOf("\n");
  return nl < 0 ? col + textWidth(out) : textWidth(out.slice(nl + 1));
}

function isPlainObjectSchema(schema: JsonValue): boolean {
  if (!isObject(schema)) return false;
  if (
    ["$ref", "anyOf", "oneOf", "allOf", "enum", "const"].some(
      (k) => k in schema,
    )
  )
    return false;
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

function pad(n: number): string {
  return " ".repeat(n);
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
