import { isRecord } from "../../runtime/shared/record.js";
import { capped } from "./openapi-text.js";
import {
  escapeToken,
  fits,
  nullable,
  requiredDeclared,
  typed,
} from "./openapi-schema-rules.js";
import { refPointer, resolved, valueAt } from "./openapi-refs.js";
import type { OpenApiSource } from "./openapi-source.js";
import { pointerPath } from "./openapi-source.js";

/** Which side of the call a schema describes: readOnly properties leave inputs, writeOnly outputs. */
export type SchemaMode = "input" | "output";

type Schema = Record<string, unknown> | boolean;

/** Keys whose value is one subschema. */
const ONE = [
  "items",
  "additionalProperties",
  "not",
  "contains",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
];
/** Keys whose value is a list of subschemas. */
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keys whose value maps names to subschemas. */
const MAP = [
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
];
/** OpenAPI's own keywords, not JSON Schema: dropped (docs/import.md). */
const DROPPED = new Set([
  "discriminator",
  "xml",
  "externalDocs",
  "nullable",
  "example",
  "$id",
  "$schema",
]);

/** The formats ajv-formats knows: any other is dropped (and reported), as ajv refuses it. */
const FORMATS = new Set(
  "date time date-time iso-time iso-date-time duration uri uri-reference uri-template url email hostname ipv4 ipv6 regex uuid json-pointer json-pointer-uri-fragment relative-json-pointer byte int32 int64 float double password binary".split(
    " ",
  ),
);

/**
 * Converts the schemas of an OpenAPI document into JSON Schema for tool inputs and outputs:
 * 3.0's `nullable`, `example`, boolean `exclusiveMinimum`/`exclusiveMaximum` rewritten; its
 * `discriminator`, `xml`, `externalDocs` and extensions dropped; readOnly properties left out
 * of inputs and writeOnly ones out of outputs. A `$ref` to another schema becomes a `$ref` into
 * the root's `$defs`, which carries each schema the root reaches (so a recursive schema stays
 * one), named after the schema's component name.
 */
export class SchemaConverter {
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly cache = new Map<
    string,
    { schema: Schema; refs: Set<string> }
  >();

  constructor(
    private readonly source: OpenApiSource,
    private readonly note: (line: string) => void,
  ) {}

  /**
   * A root schema (a parameter's, a body's, a response's) with the `$defs` it reaches:
   * a `$ref` at the root is followed, so that the root itself is the schema, not a reference.
   */
  root(
    value: unknown,
    pointer: string,
    mode: SchemaMode,
  ): { schema: Schema; defs: Record<string, Schema> } {
    const at = resolved(this.source.doc, value, pointer);
    const refs = new Set<string>();
    const schema = this.convert(at.value, at.pointer, mode, refs);
    return { schema, defs: this.defs(refs, mode) };
  }

  /** A subschema in place (a `$ref` stays one), and the pointers of the schemas it reaches. */
  inline(
    value: unknown,
    pointer: string,
    mode: SchemaMode,
    refs: Set<string>,
  ): Schema {
    return this.convert(value, pointer, mode, refs);
  }

  /** The `$defs` of the schemas reached, closed over what they reach in turn, sorted by name. */
  defs(refs: Set<string>, mode: SchemaMode): Record<string, Schema> {
    const out = new Map<string, Schema>();
    const todo = [...refs];
    const seen = new Set(todo);
    while (todo.length > 0) {
      const pointer = todo.shift()!;
      const def = this.component(pointer, mode);
      out.set(this.nameOf(pointer), def.schema);
      for (const r of def.refs)
        if (!seen.has(r)) {
          seen.add(r);
          todo.push(r);
        }
    }
    return Object.fromEntries(
      [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  }

  /** Whether a property's schema (or the schema its `$ref` names) is flagged readOnly/writeOnly. */
  flagged(
    value: unknown,
    pointer: string,
    flag: "readOnly" | "writeOnly",
  ): boolean {
    if (isRecord(value) && value[flag] === true) return true;
    const at = resolved(this.source.doc, value, pointer);
    return isRecord(at.value) && at.value[flag] === true;
  }

  private component(
    pointer: string,
    mode: SchemaMode,
  ): { schema: Schema; refs: Set<string> } {
    const key = `${mode} ${pointer}`;
    let hit = this.cache.get(key);
    if (hit === undefined) {
      const refs = new Set<string>();
      const schema = this.convert(
        valueAt(this.source.doc, pointer),
        pointer,
        mode,
        refs,
      );
      hit = { schema, refs };
      this.cache.set(key, hit);
    }
    return hit;
  }

  /** The `$defs` name of a schema: its component name, made unique. */
  private nameOf(pointer: string): string {
    let name = this.names.get(pointer);
    if (name === undefined) {
      const path = pointerPath(pointer);
      const base =
        path.length === 3 && path[0] === "components" && path[1] === "schemas"
          ? path[2]!
          : path
              .filter((p) => !/^\d+$/.test(p))
              .slice(-3)
              .join("_");
      const clean = base.replace(/[^A-Za-z0-9_.-]/g, "_") || "schema";
      name = clean;
      for (let i = 2; this.taken.has(name); i++) name = `${clean}_${i}`;
      this.taken.add(name);
      this.names.set(pointer, name);
    }
    return name;
  }

  private convert(
    value: unknown,
    pointer: string,
    mode: SchemaMode,
    refs: Set<string>,
  ): Schema {
    if (typeof value === "boolean") return value;
    if (!isRecord(value)) return {};
    const v30 = this.source.version === "3.0";
    if (typeof value.$ref === "string") {
      const target = resolved(this.source.doc, value, pointer).pointer;
      refs.add(target);
      const ref = { $ref: `#/$defs/${escapeToken(this.nameOf(target))}` };
      // 3.0: a $ref's siblings are ignored; 3.1 (JSON Schema 2020-12) applies them.
      if (v30 || Object.keys(value).length === 1) return ref;
      const { $ref: _, ...rest } = value;
      const siblings = this.convert(rest, pointer, mode, refs);
      return typeof siblings === "boolean" ? ref : { ...ref, ...siblings };
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith("x-") || DROPPED.has(key)) continue;
      const at = `${pointer}/${escapeToken(key)}`;
      if (ONE.includes(key) && (isRecord(child) || typeof child === "boolean"))
        out[key] = this.convert(child, at, mode, refs);
      else if (LIST.includes(key) && Array.isArray(child))
        out[key] = child.map((c, i) =>
          this.convert(c, `${at}/${i}`, mode, refs),
        );
      else if (key === "items" && Array.isArray(child))
        out[key] = child.map((c, i) =>
          this.convert(c, `${at}/${i}`, mode, refs),
        );
      else if (MAP.includes(key) && isRecord(child))
        out[key] = this.map(key, child, at, mode, refs);
      else if (
        key === "format" &&
        typeof child === "string" &&
        !FORMATS.has(child)
      )
        this.note(
          `${this.source.where(at)}: format ${JSON.stringify(child)} is not checked by toolgen: left out`,
        );
      else if (key === "exclusiveMinimum" || key === "exclusiveMaximum") {
        if (typeof child !== "boolean") out[key] = child;
        else if (child) {
          const bound = key === "exclusiveMinimum" ? "minimum" : "maximum";
          if (typeof value[bound] === "number") out[key] = value[bound];
        }
      } else if (
        (key === "description" || key === "title") &&
        typeof child === "string"
      )
        out[key] = capped(
          child,
          `${this.source.where(at)}: the ${key}`,
          this.note,
        );
      else out[key] = child;
    }
    if (typeof value.exclusiveMinimum === "boolean" && value.exclusiveMinimum)
      delete out.minimum;
    if (typeof value.exclusiveMaximum === "boolean" && value.exclusiveMaximum)
      delete out.maximum;
    if (value.example !== undefined && value.examples === undefined)
      out.examples = [value.example];
    this.filterVisibility(out, value, pointer, mode);
    typed(out);
    requiredDeclared(out);
    if (out.default !== undefined && !fits(out.default, out)) {
      this.note(
        `${this.source.where(`${pointer}/default`)}: the default ${JSON.stringify(out.default).slice(0, 80)} does not fit its own schema: left out`,
      );
      delete out.default;
    }
    return v30 && value.nullable === true ? nullable(out) : out;
  }

  private map(
    key: string,
    child: Record<string, unknown>,
    at: string,
    mode: SchemaMode,
    refs: Set<string>,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(child))
      Object.defineProperty(out, name, {
        value: this.convert(sub, `${at}/${escapeToken(name)}`, mode, refs),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    void key;
    return out;
  }

  /** readOnly properties leave an input, writeOnly ones an output, and `required` with them. */
  private filterVisibility(
    out: Record<string, unknown>,
    value: Record<string, unknown>,
    pointer: string,
    mode: SchemaMode,
  ): void {
    if (!isRecord(value.properties) || !isRecord(out.properties)) return;
    const flag = mode === "input" ? "readOnly" : "writeOnly";
    const gone = Object.entries(value.properties)
      .filter(([name, sub]) =>
        this.flagged(sub, `${pointer}/properties/${escapeToken(name)}`, flag),
      )
      .map(([name]) => name);
    if (gone.length === 0) return;
    const props = out.properties as Record<string, unknown>;
    for (const name of gone) delete props[name];
    if (Array.isArray(out.required)) {
      out.required = out.required.filter((r) => !gone.includes(r as string));
      if ((out.required as unknown[]).length === 0) delete out.required;
    }
  }
}

export { escapeToken };
