import { isRecord } from "../../runtime/shared/record.js";
import {
  OpenApiError,
  pointerOf,
  pointerPath,
  type OpenApiSource,
} from "./openapi-source.js";

/** Keys whose values are data, not OpenAPI objects: a `$ref` there is no reference. */
const DATA_KEYS = new Set(["example", "examples", "default", "enum", "const"]);

/** The pointer a local `$ref` names (`#/components/schemas/Pet` → `/components/schemas/Pet`). */
export function refPointer(ref: string): string | null {
  if (!ref.startsWith("#")) return null;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return ref.slice(1);
  }
}

/** The value at a pointer of the document, or undefined. */
export function valueAt(doc: unknown, pointer: string): unknown {
  let v: unknown = doc;
  for (const token of pointerPath(pointer)) {
    if (Array.isArray(v))
      v = /^\d+$/.test(token) ? v[Number(token)] : undefined;
    else if (isRecord(v) && Object.hasOwn(v, token)) v = v[token];
    else return undefined;
  }
  return v;
}

/** An object with its pointer, after following its `$ref`s (checked by checkRefs first). */
export interface Resolved {
  readonly value: unknown;
  readonly pointer: string;
}

/** Follows `$ref` to what it names, as often as it takes (the chains have no cycle: checkRefs). */
export function resolved(
  doc: unknown,
  value: unknown,
  pointer: string,
): Resolved {
  let v = value;
  let at = pointer;
  while (isRecord(v) && typeof v.$ref === "string") {
    const target = refPointer(v.$ref);
    if (target === null) break;
    at = target;
    v = valueAt(doc, target);
  }
  return { value: v, pointer: at };
}

/**
 * Every `$ref` of the document checked at once: one to another file or a URL (not read),
 * one that names nothing, and chains of references that come back to themselves (a schema that
 * contains itself through its properties is fine: that is a recursive schema, carried in $defs).
 */
export function checkRefs(source: OpenApiSource): void {
  const problems: string[] = [];
  const refs: [string, string][] = [];
  const path: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(String(i));
        walk(v[i]);
        path.pop();
      }
      return;
    }
    if (!isRecord(v)) return;
    for (const key in v) {
      const child = v[key];
      if (key === "$ref" && typeof child === "string") {
        refs.push([pointerOf([...path, key]), child]);
        continue;
      }
      if (key.startsWith("x-") || typeof child !== "object" || child === null)
        continue;
      // `properties` maps names to schemas: a property named `example` is a schema.
      if (DATA_KEYS.has(key) && path[path.length - 1] !== "properties")
        continue;
      path.push(key);
      walk(child);
      path.pop();
    }
  };
  walk(source.doc);
  for (const [at, ref] of refs) {
    const target = refPointer(ref);
    if (target === null) {
      problems.push(
        `${source.where(at)}: $ref ${JSON.stringify(ref)} names another document: toolgen imports one file (bundle it first, e.g. npx @redocly/cli bundle)`,
      );
      continue;
    }
    if (valueAt(source.doc, target) === undefined) {
      problems.push(
        `${source.where(at)}: $ref ${JSON.stringify(ref)} names nothing in the document`,
      );
      continue;
    }
    const seen = [at.slice(0, -"/$ref".length)];
    let next: string | null = target;
    while (next !== null) {
      if (seen.includes(next)) {
        problems.push(
          `${source.where(at)}: $ref ${JSON.stringify(ref)} is circular: ${[...seen, next].map((p) => `#${p}`).join(" → ")}`,
        );
        break;
      }
      seen.push(next);
      const v = valueAt(source.doc, next);
      next =
        isRecord(v) && typeof v.$ref === "string" ? refPointer(v.$ref) : null;
      if (next !== null && valueAt(source.doc, next) === undefined) break;
    }
  }
  if (problems.length > 0) throw new OpenApiError(unique(problems));
}

function unique(lines: string[]): string[] {
  return [...new Set(lines)];
}
