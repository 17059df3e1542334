import type { JsonValue } from "./types.js";
import { isRecord } from "../../runtime/shared/record.js";
import { DATA_KEYS } from "./schema-keys.js";

/**
 * Keywords whose value maps names to schemas: the names are data, the values schemas (or, under
 * `dependencies`, lists of names).
 */
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependencies",
  "dependentSchemas",
]);

/** Keywords with nothing below them a schema: data, and the list of required names. */
const NOT_SCHEMAS: ReadonlySet<string> = new Set([...DATA_KEYS, "required"]);

/** A regular expression of a schema: a `pattern`, or a `patternProperties` key, and where. */
export interface SchemaPattern {
  readonly pattern: string;
  readonly path: readonly (string | number)[];
}

/** A `format` a schema asks its string to have, and where (the path ends at `format`). */
export interface SchemaFormat {
  readonly format: string;
  readonly path: readonly (string | number)[];
}

interface Found {
  readonly patterns: SchemaPattern[];
  readonly formats: SchemaFormat[];
}

/**
 * Every regular expression in a JSON Schema, in document order (a pattern may repeat). Validation
 * and the Python emitter both ask for the same schema objects: each is walked once.
 */
export function schemaPatterns(schema: JsonValue): readonly SchemaPattern[] {
  return found(schema).patterns;
}

/** Every `format` in a JSON Schema, in document order, read by the same walk as the patterns. */
export function schemaFormats(schema: JsonValue): readonly SchemaFormat[] {
  return found(schema).formats;
}

const NOTHING: Found = { patterns: [], formats: [] };

function found(schema: JsonValue): Found {
  if (schema === null || typeof schema !== "object") return NOTHING;
  let done = walked.get(schema);
  if (done === undefined) {
    done = walk(schema);
    walked.set(schema, done);
  }
  return done;
}

const walked = new WeakMap<object, Found>();

function walk(schema: JsonValue): Found {
  const found: Found = { patterns: [], formats: [] };
  const visit = (node: JsonValue, path: (string | number)[]) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, [...path, i]));
      return;
    }
    if (!isRecord(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (NOT_SCHEMAS.has(key)) continue;
      if (key === "pattern" && typeof value === "string")
        found.patterns.push({ pattern: value, path: [...path, key] });
      else if (key === "format" && typeof value === "string")
        found.formats.push({ format: value, path: [...path, key] });
      else if (SCHEMA_MAPS.has(key) && isRecord(value))
        for (const [name, sub] of Object.entries(value)) {
          if (key === "patternProperties")
            found.patterns.push({ pattern: name, path: [...path, key, name] });
          visit(sub as JsonValue, [...path, key, name]);
        }
      else visit(value as JsonValue, [...path, key]);
    }
  };
  visit(schema, []);
  return found;
}
