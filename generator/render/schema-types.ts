import type { JsonObject, JsonValue } from "../model/types.js";
import { docComment } from "./literal.js";
import {
  isPlainObjectSchema,
  objectMembers,
  schemaType,
  type Member,
  type TypeNode,
} from "./type-nodes.js";

export { schemaType, stringUnion } from "./type-nodes.js";
export type { Member, TypeNode } from "./type-nodes.js";

/**
 * Type nodes → TypeScript declarations, in toolgen's own fixed layout (no line width):
 * a type is written on one line, except an object type, which always opens with one member
 * a line; a union joins its members with ` | ` and an intersection with ` & `; a union or
 * intersection inside `[]`, or inside the other kind, takes parentheses.
 */

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
    const members = objectMembers(schema as JsonObject, schema);
    if (members.length === 0) return `${head}export interface ${name} {}\n`;
    return `${head}export interface ${name} {\n${printMembers(members, 2)}}\n`;
  }
  return typeDeclaration(name, schemaType(schema, schema), doc);
}

/** `export type <name> = …;` for any node, e.g. a union of names built by hand. */
export function typeDeclaration(
  name: string,
  node: TypeNode,
  doc: string | null,
): string {
  const head = doc ? docComment(doc, "") : "";
  return `${head}export type ${name} = ${printType(node, 0)};\n`;
}

/** Members of an object type, one a line at `indent`, each ending in a newline. */
export function printMembers(
  members: readonly Member[],
  indent: number,
): string {
  const spaces = " ".repeat(indent);
  return members
    .map((m) => {
      const doc = m.doc ? docComment(m.doc, spaces) : "";
      const key = m.optional ? `${m.key}?` : m.key;
      return `${doc}${spaces}${key}: ${printType(m.type, indent)};\n`;
    })
    .join("");
}

/** A type where it stands on a line indented by `indent`. */
export function printType(t: TypeNode, indent: number): string {
  switch (t.kind) {
    case "text":
      return t.text;
    case "object":
      return `{\n${printMembers(t.members, indent + 2)}${" ".repeat(indent)}}`;
    case "array":
      return `${inner(t.of, indent, true)}[]`;
    case "union":
    case "intersection":
      return t.of
        .map((m) => inner(m, indent, m.kind !== t.kind))
        .join(t.kind === "union" ? " | " : " & ");
  }
}

/** A member of an array, union or intersection: a union or intersection in it is parenthesised when `wrap`. */
function inner(t: TypeNode, indent: number, wrap: boolean): string {
  const text = printType(t, indent);
  return wrap && (t.kind === "union" || t.kind === "intersection")
    ? `(${text})`
    : text;
}
