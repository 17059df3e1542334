import type { JsonValue } from "../../model/types.js";
import { isPlainIdentifier } from "../../model/python-names.js";
import { refTarget } from "../../../runtime/shared/pointer.js";
import { isRecord } from "../../../runtime/shared/record.js";
import { comment, pyString } from "./literal.js";

/**
 * JSON Schema → Python type annotations: `str`, `int`, `list[...]`, `Literal[...]`, unions, and
 * a TypedDict per object schema with properties (its optional keys NotRequired). What the
 * annotations cannot say (a pattern, a range, extra keys) the runtime's validation still checks;
 * a schema they cannot follow (a cyclic $ref, allOf) is `object`, which accepts anything.
 */
export class PythonTypes {
  /** The TypedDict declarations, each after those it names. */
  readonly declarations: string[] = [];
  /** The TypedDicts' names, in the order of their declarations. */
  readonly names: string[] = [];
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name);
  }

  /** The annotation of `schema`; an object schema with properties becomes a TypedDict named after `name`. */
  annotation(
    schema: JsonValue | undefined,
    root: JsonValue,
    name: string,
    doc: string | null = null,
  ): string {
    return this.convert(schema, root, name, doc, []);
  }

  /** A name no declaration has taken yet: `name`, else `name2`, `name3`… */
  private claim(name: string): string {
    let claimed = name;
    for (let k = 2; this.taken.has(claimed); k++) claimed = `${name}${k}`;
    this.taken.add(claimed);
    return claimed;
  }

  private convert(
    schema: JsonValue | undefined,
    root: JsonValue,
    name: string,
    doc: string | null,
    seen: readonly string[],
  ): string {
    if (!isRecord(schema)) return "object";
    if (typeof schema.$ref === "string") {
      const target = refTarget(root, schema.$ref) as JsonValue | undefined;
      if (target === undefined || seen.includes(schema.$ref)) return "object";
      return this.convert(target, root, name, doc, [...seen, schema.$ref]);
    }
    if ("const" in schema)
      return literalOf([schema.const as JsonValue]) ?? "object";
    if (Array.isArray(schema.enum)) {
      const literal = literalOf(schema.enum as JsonValue[]);
      if (literal !== null) return literal;
    }
    const types = Array.isArray(schema.type)
      ? (schema.type as JsonValue[]).filter(
          (t): t is string => typeof t === "string",
        )
      : typeof schema.type === "string"
        ? [schema.type]
        : null;
    if (types === null) {
      const options = (schema.anyOf ?? schema.oneOf) as JsonValue | undefined;
      if (Array.isArray(options) && options.length > 0)
        return union(
          options.map((o, k) =>
            this.convert(o, root, `${name}${k + 1}`, null, seen),
          ),
        );
      if (isRecord(schema.properties))
        return this.objectType(schema, root, name, doc, seen);
      return "object";
    }
    return union(
      types.map((t) => {
        switch (t) {
          case "string":
            return "str";
          case "integer":
            return "int";
          case "number":
            return "float";
          case "boolean":
            return "bool";
          case "null":
            return "None";
          case "array":
            return isRecord(schema.items)
              ? `list[${this.convert(schema.items, root, `${name}Item`, null, seen)}]`
              : "list[object]";
          case "object":
            return this.objectType(schema, root, name, doc, seen);
          default:
            return "object";
        }
      }),
    );
  }

  private objectType(
    schema: { readonly [key: string]: JsonValue },
    root: JsonValue,
    name: string,
    doc: string | null,
    seen: readonly string[],
  ): string {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const keys = Object.keys(properties);
    if (keys.length === 0) {
      const extra = schema.additionalProperties;
      return isRecord(extra)
        ? `dict[str, ${this.convert(extra, root, `${name}Value`, null, seen)}]`
        : "dict[str, object]";
    }
    const className = this.claim(name);
    const required = new Set(
      Array.isArray(schema.required)
        ? schema.required.filter((r) => typeof r === "string")
        : [],
    );
    const fields = keys.map((key) => {
      const property = properties[key] as JsonValue;
      const type = this.convert(
        property,
        root,
        `${className}${pascal(key)}`,
        null,
        seen,
      );
      const description =
        isRecord(property) && typeof property.description === "string"
          ? property.description
          : null;
      return {
        key,
        type: required.has(key) ? type : `NotRequired[${type}]`,
        description,
      };
    });
    const docLines = doc === null ? "" : comment(doc, "");
    this.names.push(className);
    if (keys.every(isPlainIdentifier)) {
      const body = fields
        .map(
          (f) =>
            `${f.description === null ? "" : comment(f.description, "    ")}    ${f.key}: ${f.type}\n`,
        )
        .join("");
      this.declarations.push(
        `${docLines}class ${className}(TypedDict):\n${body}`,
      );
    } else {
      // A key Python cannot write as a name (`from`, `a-b`) needs TypedDict's call form.
      const body = fields
        .map(
          (f) =>
            `${f.description === null ? "" : comment(f.description, "        ")}        ${pyString(f.key)}: ${f.type},\n`,
        )
        .join("");
      this.declarations.push(
        `${docLines}${className} = TypedDict(\n    ${pyString(className)},\n    {\n${body}    },\n)\n`,
      );
    }
    return className;
  }
}

/** `Literal[...]` of values Python's Literal can hold (text, integers, booleans; null as None); null when one cannot be. */
function literalOf(values: readonly JsonValue[]): string | null {
  const parts: string[] = [];
  let none = false;
  for (const v of values) {
    if (v === null) none = true;
    else if (typeof v === "string") parts.push(pyString(v));
    else if (typeof v === "boolean") parts.push(v ? "True" : "False");
    else if (typeof v === "number" && Number.isSafeInteger(v))
      parts.push(String(v));
    else return null;
  }
  const unique = [...new Set(parts)];
  const literal = unique.length === 0 ? null : `Literal[${unique.join(", ")}]`;
  if (literal === null) return none ? "None" : null;
  return none ? `${literal} | None` : literal;
}

function union(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes("object")) return "object";
  // None last, as Python writes optionals.
  const ordered = [
    ...unique.filter((t) => t !== "None"),
    ...unique.filter((t) => t === "None"),
  ];
  return ordered.join(" | ");
}

/** `source_workspace_id` → `SourceWorkspaceId`: a TypedDict name's part; anything but letters and digits separates words. */
export function pascal(name: string): string {
  // Input names repeat from tool to tool: each is cased once.
  let cased = pascalCache.get(name);
  if (cased === undefined) {
    cased = pascalOf(name);
    pascalCache.set(name, cased);
  }
  return cased;
}

const pascalCache = new Map<string, string>();

function pascalOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
  return /^[A-Za-z]/.test(joined) ? joined : `X${joined}`;
}
