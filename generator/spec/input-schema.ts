import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";
import type { JsonObject } from "../model/types.js";
import { pointerToPath } from "./structure.js";
import { isPlainSchema, scalarFits } from "./plain-schema.js";
import type { Problem } from "./problem.js";
import { suggest } from "./suggest.js";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

let ajv: Ajv | undefined;

/** The same ajv settings the generated runtime validates arguments with. */
function compiler(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ strict: true, allErrors: true, validateSchema: true });
    addFormats(ajv);
  }
  return ajv;
}

/** YAML 1.2 reads unquoted 1.10, 083, true and null as such: the usual cause of a number where text is meant. */
export const quoteHint = " (YAML reads unquoted numbers, true/false and null as values, not text: put it in quotes)";

let lenient: Ajv | undefined;

/** Checks values against a subschema taken out of its context, where strict mode's type rules would misfire. */
function valueChecker(): Ajv {
  if (!lenient) {
    lenient = new Ajv({ strict: false, allErrors: false, addUsedSchema: false });
    addFormats(lenient);
  }
  return lenient;
}

/** Draft-07 keywords, to suggest the one a misspelt keyword meant. */
const KEYWORDS = [
  "$comment", "$id", "$ref", "$schema", "additionalItems", "additionalProperties", "allOf", "anyOf", "const", "contains",
  "contentEncoding", "contentMediaType", "default", "definitions", "dependencies", "description", "else", "enum", "examples",
  "exclusiveMaximum", "exclusiveMinimum", "format", "if", "items", "maxItems", "maxLength", "maxProperties", "maximum",
  "minItems", "minLength", "minProperties", "minimum", "multipleOf", "not", "oneOf", "pattern", "patternProperties",
  "properties", "propertyNames", "readOnly", "required", "then", "title", "type", "uniqueItems", "writeOnly",
];

type Path = (string | number)[];

/** Problems in one tool's input schema; paths are relative to the schema. */
export function checkInputSchema(schema: JsonObject): Problem[] {
  const problems: Problem[] = [];
  walkObjects(schema, [], (node, path) => {
    const props = node.properties;
    const required = node.required;
    if (!Array.isArray(required)) return;
    const names = props !== null && typeof props === "object" && !Array.isArray(props) ? Object.keys(props) : [];
    required.forEach((name, i) => {
      if (typeof name === "string" && !names.includes(name))
        problems.push({ path: [...path, "required", i], message: `'required' names '${name}', which is not one of the properties${names.length ? ` (${names.join(", ")})` : ""}` });
    });
  });
  problems.push(...refProblems(schema));
  if (problems.length > 0) return problems;
  if (isPlainSchema(schema)) return valueProblems(schema);
  try {
    // The meta-schema first: its errors have a path, so each lands on its own line of the spec.
    if (!compiler().validateSchema(schema)) return metaSchemaProblems(compiler().errors ?? []);
    compiler().compile(schema);
  } catch (e) {
    const message = e instanceof Error ? e.message.split("\n", 1)[0]! : String(e);
    return [compileProblem(schema, message)];
  } finally {
    compiler().removeSchema();
  }
  return valueProblems(schema);
}

/**
 * `$ref` may only point inside the schema (toolgen never fetches anything), at something that
 * exists, and not round in a circle of references that never reaches a schema.
 */
function refProblems(schema: JsonObject): Problem[] {
  const problems: Problem[] = [];
  walkObjects(schema, [], (node, path) => {
    const ref = node.$ref;
    if (typeof ref !== "string") return;
    const at = [...path, "$ref"];
    const seen: string[] = [];
    for (let current: string = ref; ; ) {
      if (!current.startsWith("#")) {
        problems.push({ path: at, message: `'$ref' may only point inside this input schema (#/…), not at '${current}'` });
        return;
      }
      if (seen.includes(current)) {
        problems.push({ path: at, message: `'$ref' goes round in a circle (${[...seen, current].join(" → ")}) and never reaches a schema` });
        return;
      }
      seen.push(current);
      const target = resolvePointer(schema, current.slice(1));
      if (target === undefined) {
        problems.push({ path: at, message: `'$ref' points at nothing: '${current}'` });
        return;
      }
      const next = target !== null && typeof target === "object" && !Array.isArray(target) ? (target as Record<string, unknown>).$ref : undefined;
      if (typeof next !== "string") return;
      current = next;
    }
  });
  return problems;
}

function resolvePointer(root: unknown, pointer: string): unknown {
  let value = root;
  for (const step of pointerToPath(decodeURIComponent(pointer))) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, String(step))) return undefined;
    value = (value as Record<string, unknown>)[String(step)];
  }
  return value;
}

/** One problem for each place the meta-schema rejects, said once (ajv reports an anyOf three ways). */
function metaSchemaProblems(errors: readonly ErrorObject[]): Problem[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) byPath.set(e.instancePath, [...(byPath.get(e.instancePath) ?? []), e]);
  return [...byPath].map(([pointer, list]) => {
    const path = pointerToPath(pointer);
    const key = path[path.length - 1];
    const allowed = list.find((e) => e.keyword === "enum")?.params.allowedValues as unknown[] | undefined;
    if (key === "type" && allowed) {
      return { path, message: `the input schema is not valid JSON Schema: 'type' must be one of ${allowed.join(", ")} (or a list of them)` };
    }
    const e = list.find((x) => x.keyword !== "anyOf") ?? list[0]!;
    const what = key === undefined ? "the input schema" : `'${key}'`;
    return { path, message: `the input schema is not valid JSON Schema: ${what} ${e.message ?? "is invalid"}` };
  });
}

/** ajv's compile errors name a schema path or a keyword in their text: point there when we can. */
function compileProblem(schema: JsonObject, message: string): Problem {
  const unknown = /unknown keyword: "([^"]*)"/.exec(message);
  if (unknown) {
    const keyword = unknown[1]!;
    let found: Path | undefined;
    walkObjects(schema, [], (node, path) => {
      if (!found && Object.hasOwn(node, keyword)) found = [...path, keyword];
    });
    const near = suggest(keyword, KEYWORDS);
    return {
      path: found ?? [],
      key: found !== undefined,
      message: `unknown JSON Schema keyword '${keyword}'${near ? `; did you mean '${near}'?` : ""}`,
    };
  }
  const at = /at (?:path )?"#([^"]*)"/.exec(message);
  const path = at ? pointerToPath(at[1]!) : [];
  const format = /unknown format "([^"]*)"/.exec(message);
  if (format) {
    const near = suggest(format[1]!, Object.keys(compiler().formats));
    const hint = near ? `; did you mean '${near}'?` : `; known formats: ${Object.keys(compiler().formats).join(", ")}`;
    return { path: [...path, "format"], message: `unknown format '${format[1]}'${hint}` };
  }
  const text = message.replace(/ (?:at|in schema at) (?:path )?"#[^"]*"/, "").replace(/^strict mode: /, "");
  return { path, message: `the input schema is not valid JSON Schema: ${text}` };
}

/**
 * Every `default`, `enum` value and `const` must satisfy the schema it sits in: the docs, the
 * CLI and the types repeat them, and a value the validator rejects would be a trap for the model.
 * Schemas that hold a `$ref` are skipped (their meaning depends on the root).
 */
function valueProblems(schema: JsonObject): Problem[] {
  const problems: Problem[] = [];
  walkObjects(schema, [], (node, path) => {
    if (!("default" in node || "enum" in node || "const" in node) || JSON.stringify(node).includes('"$ref"')) return;
    const check = (value: unknown, against: Record<string, unknown>, where: Path, label: string) => {
      // Compiling a validator per value costs a millisecond; a plain scalar is checked directly.
      if (scalarFits(value, against)) return;
      const validate = valueChecker().compile(against);
      valueChecker().removeSchema(against);
      if (!validate(value)) {
        const first = validate.errors?.[0];
        const quote = first?.keyword === "type" && String(first.params.type).includes("string") && value !== null && typeof value !== "object" ? quoteHint : "";
        problems.push({ path: where, message: `${label} ${JSON.stringify(value)} does not fit its own schema: it ${first?.message ?? "is invalid"}${quote}` });
      }
    };
    const { default: fallback, enum: values, ...rest } = node;
    if (Array.isArray(values)) values.forEach((v, i) => check(v, rest, [...path, "enum", i], "enum value"));
    if ("default" in node) check(fallback, Array.isArray(values) ? { ...rest, enum: values } : rest, [...path, "default"], "the default");
  });
  return problems;
}

/** True for paths that hold a schema rather than data (an enum list, a default, an example). */
function isSchemaPosition(path: Path): boolean {
  return !path.some((step) => step === "enum" || step === "default" || step === "const" || step === "examples");
}

/** Visits every schema-like object, without recursion. */
function walkObjects(root: JsonObject, base: Path, visit: (node: Record<string, unknown>, path: Path) => void): void {
  const stack: { node: unknown; path: Path }[] = [{ node: root, path: base }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (Array.isArray(node)) node.forEach((v, i) => stack.push({ node: v, path: [...path, i] }));
    else if (node !== null && typeof node === "object") {
      if (isSchemaPosition(path)) visit(node as Record<string, unknown>, path);
      for (const [k, v] of Object.entries(node)) if (typeof v === "object") stack.push({ node: v, path: [...path, k] });
    }
  }
}
