import type { ErrorObject } from "ajv";
import type { JsonObject } from "../model/types.js";
import { pointerToPath } from "./structure.js";
import { refProblem } from "./schema-refs.js";
import { isPlainSchema, scalarFits } from "./plain-schema.js";
import type { Problem } from "./problem.js";
import { compiler, valueChecker } from "./schema-ajv.js";
import { KEYWORDS } from "./schema-keywords.js";
import { suggest } from "./suggest.js";

/** YAML 1.2 reads unquoted 1.10, 083, true and null as such: the usual cause of a number where text is meant. */
export const quoteHint =
  " (YAML reads unquoted numbers, true/false and null as values, not text: put it in quotes)";

type Path = (string | number)[];

/** Which of a tool's schemas is checked: its `input`, or its `output` (checked alike, named apart). */
export type SchemaKind = "input" | "output";

/** Problems in one tool's input (or output) schema; paths are relative to the schema. */
export function checkInputSchema(
  schema: JsonObject,
  kind: SchemaKind = "input",
): Problem[] {
  const walk = walkSchema(schema, kind);
  // A schema that names what is not there is not compiled: ajv would only repeat the news.
  const problems =
    walk.shape.length > 0
      ? walk.shape
      : compileProblems(schema, walk.valued, kind);
  return walk.proto.length > 0 ? [...problems, ...walk.proto] : problems;
}

/** What ajv (or the plain-schema test standing in for it) and the values' own schemas say. */
function compileProblems(
  schema: JsonObject,
  valued: readonly Valued[],
  kind: SchemaKind,
): Problem[] {
  if (isPlainSchema(schema)) return valueProblems(valued);
  try {
    // The meta-schema first: its errors have a path, so each lands on its own line of the spec.
    if (!compiler().validateSchema(schema))
      return metaSchemaProblems(compiler().errors ?? [], kind);
    compiler().compile(schema);
  } catch (e) {
    const message =
      e instanceof Error ? e.message.split("\n", 1)[0]! : String(e);
    return [compileProblem(schema, message, kind)];
  } finally {
    compiler().removeSchema();
  }
  return valueProblems(valued);
}

/** Keys whose values are data (a list of values, a default, an example), not schemas: nothing below them is a schema. */
const DATA_KEYS: ReadonlySet<string> = new Set([
  "enum",
  "default",
  "const",
  "examples",
]);

const PROTO_MESSAGE = (kind: SchemaKind) =>
  `'__proto__' cannot be ${kind === "input" ? "an input" : "a result field"} name: JavaScript clients, the MCP SDK's among them, drop it or take it for the object's prototype`;

/** A schema holding a default, enum or const, and where it is. */
interface Valued {
  readonly node: Record<string, unknown>;
  readonly path: Path;
}

/** What the one walk over a schema collects. */
interface SchemaWalk {
  readonly root: JsonObject;
  readonly kind: SchemaKind;
  /** The path of the node being visited: one array, pushed and popped as the walk goes. */
  readonly path: Path;
  /** 'required' and '$ref' problems: with any of them the schema goes no further. */
  readonly shape: Problem[];
  /** Properties named '__proto__', reported whatever else is wrong. */
  readonly proto: Problem[];
  /** Schemas whose values are checked once the schema is known to compile. */
  readonly valued: Valued[];
}

/**
 * One walk over every object of the schema, data included, doing every per-node check; a path
 * is copied only for a problem or a schema with values. Recursive: the parser refuses a spec
 * nested deeper than MAX_DEPTH (64) levels, so the walk cannot run out of stack.
 */
function walkSchema(root: JsonObject, kind: SchemaKind): SchemaWalk {
  const walk: SchemaWalk = {
    root,
    kind,
    path: [],
    shape: [],
    proto: [],
    valued: [],
  };
  visitNode(root, false, walk);
  return walk;
}

/** `inData`: the node lies below a default, enum, const or examples key, where nothing is a schema. */
function visitNode(node: object, inData: boolean, walk: SchemaWalk): void {
  const { path } = walk;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (child === null || typeof child !== "object") continue;
      path.push(i);
      visitNode(child, inData, walk);
      path.pop();
    }
    return;
  }
  const record = node as Record<string, unknown>;
  // The keywords the checks read are picked up on the one pass over the keys. for-in rather than
  // Object.keys: no array of keys per node (spec objects inherit no enumerable keys).
  let properties: unknown;
  let required: unknown;
  let ref: unknown;
  let valued = false;
  for (const key in record) {
    const child = record[key];
    if (key === "properties") properties = child;
    else if (key === "required") required = child;
    else if (key === "$ref") ref = child;
    else if (key === "default" || key === "enum" || key === "const")
      valued = true;
    if (child === null || typeof child !== "object") continue;
    path.push(key);
    visitNode(child, inData || DATA_KEYS.has(key), walk);
    path.pop();
  }
  if (
    properties !== null &&
    typeof properties === "object" &&
    Object.hasOwn(properties, "__proto__")
  ) {
    walk.proto.push({
      path: [...path, "properties", "__proto__"],
      key: true,
      message: PROTO_MESSAGE(walk.kind),
      code: "proto-input-name",
    });
  }
  if (inData) return;
  if (Array.isArray(required)) checkRequired(properties, required, walk);
  if (typeof ref === "string") {
    const found = refProblem(walk.root, ref, walk.kind);
    if (found !== undefined)
      walk.shape.push({ path: [...path, "$ref"], ...found });
  }
  if (valued) walk.valued.push({ node: record, path: [...path] });
}

/** Every required name is one of the schema's own properties. */
function checkRequired(
  props: unknown,
  required: readonly unknown[],
  walk: SchemaWalk,
): void {
  const names =
    props !== null && typeof props === "object" && !Array.isArray(props)
      ? Object.keys(props)
      : [];
  required.forEach((name, i) => {
    if (typeof name === "string" && !names.includes(name))
      walk.shape.push({
        path: [...walk.path, "required", i],
        message: `'required' names '${name}', which is not one of the properties${names.length ? ` (${names.join(", ")})` : ""}`,
        code: "required-not-a-property",
      });
  });
}

/** One problem for each place the meta-schema rejects, said once (ajv reports an anyOf three ways). */
function metaSchemaProblems(
  errors: readonly ErrorObject[],
  kind: SchemaKind,
): Problem[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors)
    byPath.set(e.instancePath, [...(byPath.get(e.instancePath) ?? []), e]);
  return [...byPath].map(([pointer, list]) => {
    const path = pointerToPath(pointer);
    const key = path[path.length - 1];
    const allowed = list.find((e) => e.keyword === "enum")?.params
      .allowedValues as unknown[] | undefined;
    if (key === "type" && allowed) {
      return {
        path,
        message: `the ${kind} schema is not valid JSON Schema: 'type' must be one of ${allowed.join(", ")} (or a list of them)`,
        code: "invalid-json-schema",
      };
    }
    const e = list.find((x) => x.keyword !== "anyOf") ?? list[0]!;
    const what = key === undefined ? `the ${kind} schema` : `'${key}'`;
    return {
      path,
      message: `the ${kind} schema is not valid JSON Schema: ${what} ${e.message ?? "is invalid"}`,
      code: "invalid-json-schema",
    };
  });
}

/** ajv's compile errors name a schema path or a keyword in their text: point there when we can. */
function compileProblem(
  schema: JsonObject,
  message: string,
  kind: SchemaKind,
): Problem {
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
      code: "unknown-schema-keyword",
    };
  }
  const at = /at (?:path )?"#([^"]*)"/.exec(message);
  const path = at ? pointerToPath(at[1]!) : [];
  const format = /unknown format "([^"]*)"/.exec(message);
  if (format) {
    const near = suggest(format[1]!, Object.keys(compiler().formats));
    const hint = near
      ? `; did you mean '${near}'?`
      : `; known formats: ${Object.keys(compiler().formats).join(", ")}`;
    return {
      path: [...path, "format"],
      message: `unknown format '${format[1]}'${hint}`,
      code: "unknown-format",
    };
  }
  const text = message
    .replace(/ (?:at|in schema at) (?:path )?"#[^"]*"/, "")
    .replace(/^strict mode: /, "");
  return {
    path,
    message: `the ${kind} schema is not valid JSON Schema: ${text}`,
    code: "invalid-json-schema",
  };
}

/**
 * Every `default`, `enum` value and `const` must satisfy the schema it sits in: the docs, the
 * CLI and the types repeat them, and a value the validator rejects would be a trap for the model.
 * Schemas that hold a `$ref` are skipped (their meaning depends on the root).
 */
function valueProblems(valued: readonly Valued[]): Problem[] {
  const problems: Problem[] = [];
  for (const { node, path } of valued) {
    // Most values fit at a glance; only a schema with one that may not is looked at closely.
    if (allValuesFit(node) || JSON.stringify(node).includes('"$ref"')) continue;
    const { default: fallback, enum: values, ...rest } = node;
    if (Array.isArray(values))
      values.forEach((v, i) =>
        checkValue(v, rest, [...path, "enum", i], "enum", problems),
      );
    if ("default" in node)
      checkValue(
        fallback,
        Array.isArray(values) ? { ...rest, enum: values } : rest,
        [...path, "default"],
        "default",
        problems,
      );
  }
  return problems;
}

const ENUM: ReadonlySet<string> = new Set(["enum"]);

/**
 * True when scalarFits vouches for every enum value (against the schema without its enum and
 * default) and for the default (against the schema without its default): what checkValue
 * would find without a word to say, with no copy of the schema made.
 */
function allValuesFit(node: Record<string, unknown>): boolean {
  const values = node.enum;
  if (Array.isArray(values)) {
    for (const value of values)
      if (!scalarFits(value, node, ENUM)) return false;
  }
  // scalarFits reads no default; an enum that is not a list stays out, as in valueProblems.
  return (
    !("default" in node) ||
    scalarFits(node.default, node, Array.isArray(values) ? undefined : ENUM)
  );
}

function checkValue(
  value: unknown,
  against: Record<string, unknown>,
  where: Path,
  kind: "default" | "enum",
  problems: Problem[],
): void {
  // Compiling a validator per value costs a millisecond; a plain scalar is checked directly.
  if (scalarFits(value, against)) return;
  const validate = valueChecker().compile(against);
  valueChecker().removeSchema(against);
  if (!validate(value)) {
    const first = validate.errors?.[0];
    const quote =
      first?.keyword === "type" &&
      String(first.params.type).includes("string") &&
      value !== null &&
      typeof value !== "object"
        ? quoteHint
        : "";
    problems.push({
      path: where,
      message: `${kind === "default" ? "the default" : "enum value"} ${JSON.stringify(value)} does not fit its own schema: ${first?.message ?? "is invalid"}${quote}`,
      code:
        kind === "default"
          ? "default-not-in-schema"
          : "enum-value-not-in-schema",
    });
  }
}

/** True for paths that hold a schema rather than data (an enum list, a default, an example). */
function isSchemaPosition(path: Path): boolean {
  return !path.some(
    (step) =>
      step === "enum" ||
      step === "default" ||
      step === "const" ||
      step === "examples",
  );
}

/** Visits every schema-like object, without recursion, the last child first: the order compileProblem's search depends on. */
function walkObjects(
  root: JsonObject,
  base: Path,
  visit: (node: Record<string, unknown>, path: Path) => void,
): void {
  const stack: { node: unknown; path: Path }[] = [{ node: root, path: base }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (Array.isArray(node))
      node.forEach((v, i) => stack.push({ node: v, path: [...path, i] }));
    else if (node !== null && typeof node === "object") {
      if (isSchemaPosition(path)) visit(node as Record<string, unknown>, path);
      for (const [k, v] of Object.entries(node))
        if (typeof v === "object") stack.push({ node: v, path: [...path, k] });
    }
  }
}
