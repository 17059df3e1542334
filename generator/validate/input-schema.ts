import type { SchemaKind } from "./schema-kind.js";
import type { ErrorObject } from "ajv";
import type { JsonObject } from "../model/types.js";
import { pointerToPath } from "./structure.js";
import { isPlainSchema } from "./plain-schema.js";
import { scalarFits } from "./scalar-fits.js";
import type { CompileBudget } from "./checked-spec.js";
import type { Problem } from "./problem.js";
import { holdsSlowPattern } from "./patterns.js";
import { compiler, valueChecker } from "./schema-ajv.js";
import { KEYWORDS } from "./schema-keywords.js";
import { walkSchema, type Valued } from "./schema-walk.js";
import { closest } from "../../runtime/shared/distance.js";

/** YAML 1.2 reads unquoted 1.10, 083, true and null as such: the usual cause of a number where text is meant. */
export const quoteHint =
  " (YAML reads unquoted numbers, true/false and null as values, not text: put it in quotes)";

type Path = (string | number)[];

/** Which of a tool's schemas is checked: its `input`, or its `output` (checked alike, named apart). */

/** Problems in one tool's input (or output) schema; paths are relative to the schema. */
export function checkInputSchema(
  schema: JsonObject,
  kind: SchemaKind = "input",
  budget: CompileBudget = { refs: 0, counted: new Set() },
): Problem[] {
  const walk = walkSchema(schema, kind);
  // A schema that names what is not there is not compiled: ajv would only repeat the news.
  const problems =
    walk.shape.length > 0
      ? walk.shape
      : compileProblems(schema, walk.valued, kind, budget);
  return walk.proto.length > 0 ? [...problems, ...walk.proto] : problems;
}

/** What ajv (or the plain-schema test standing in for it) and the values' own schemas say. */
function compileProblems(
  schema: JsonObject,
  valued: readonly Valued[],
  kind: SchemaKind,
  budget: CompileBudget,
): Problem[] {
  // Running a value against a pattern refused as slow (patterns.ts) could take forever.
  if (holdsSlowPattern(schema)) return [];
  if (isPlainSchema(schema)) return valueProblems(valued);
  // Everything below depends on the schema's text and kind alone (problems' paths are relative
  // to the schema), and an imported spec repeats whole schemas across its tools: GitHub's REST
  // description gives 1,844 schemas, 1,029 of them distinct. Each text is compiled once a run.
  const key = `${kind}\0${JSON.stringify(schema)}`;
  // ajv's time is about 0.4 ms a ref: many schemas of many refs each would take minutes. Each
  // text counts once a run, answered from the cache or not, so that every run says the same.
  if (!budget.counted.has(key)) {
    const refs = countRefs(schema);
    if (budget.refs + refs > MAX_COMPILED_REFS) return [overBudget(kind)];
    budget.refs += refs;
    budget.counted.add(key);
  }
  const known = said.get(key);
  if (known) return known;
  const problems = ajvProblems(schema, kind) ?? valueProblems(valued);
  remember(key, problems);
  return problems;
}

/**
 * The most $refs the schemas gen compiles with ajv may hold, in all: about 8 s of
 * ajv's time on this project's 2-core machine. A spec's plain schemas (plain-schema.ts), `$defs`
 * refs and all, are not compiled and not counted.
 */
export const MAX_COMPILED_REFS = 20_000;

/** The `$ref`s of a schema where a schema is (not in the values of `enum`, `default`, `const`, `examples`). */
function countRefs(schema: JsonObject): number {
  let n = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === "object")
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") n++;
        else if (!VALUE_KEYS.has(key)) stack.push(value);
      }
  }
  return n;
}

/** The keywords whose values are data, not schemas. */
const VALUE_KEYS: ReadonlySet<string> = new Set([
  "enum",
  "default",
  "const",
  "examples",
]);

function overBudget(kind: SchemaKind): Problem {
  return {
    path: [],
    message: `with this ${kind} schema, the schemas toolgen compiles would hold more than ${MAX_COMPILED_REFS} $refs in all (ajv writes code for each, about 0.4 ms a ref): point refs into the schema's own $defs and keep its keywords plain (docs/spec.md), which toolgen checks without compiling, or use fewer refs`,
    code: "too-many-compiled-refs",
  };
}

/** ajv's answers by schema text, kept up to a bound: watch mode runs for hours in one process. */
const said = new Map<string, Problem[]>();
let saidLength = 0;
const SAID_LENGTH = 32 * 1024 * 1024;

function remember(key: string, problems: Problem[]): void {
  if (saidLength + key.length > SAID_LENGTH) {
    said.clear();
    saidLength = 0;
  }
  said.set(key, problems);
  saidLength += key.length;
}

/** ajv's problems with the schema itself, or undefined when it compiles. */
function ajvProblems(
  schema: JsonObject,
  kind: SchemaKind,
): Problem[] | undefined {
  try {
    // The meta-schema first: its errors have a path, so each lands on its own line of the spec.
    const ajv = compiler(schema);
    if (!ajv.validateSchema(schema))
      return metaSchemaProblems(ajv.errors ?? [], kind);
    ajv.compile(schema);
  } catch (e) {
    const message =
      e instanceof Error ? e.message.split("\n", 1)[0]! : String(e);
    return [compileProblem(schema, message, kind)];
  } finally {
    compiler(schema).removeSchema();
  }
  return undefined;
}

/** One problem for each place the meta-schema rejects, said once (ajv reports an anyOf three ways). */
function metaSchemaProblems(
  errors: readonly ErrorObject[],
  kind: SchemaKind,
): Problem[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors)
    byPath.set(e.instancePath, [...(byPath.get(e.instancePath) ?? []), e]);
  // A list of types with a wrong one is said at that one, not again at the list.
  // The lists with an error below them, found once (not a search of every path per path).
  const lists = new Set<string>();
  for (const p of byPath.keys())
    for (let i = p.indexOf("/type/"); i >= 0; i = p.indexOf("/type/", i + 1))
      lists.add(p.slice(0, i + "/type".length));
  const listed = (pointer: string) => lists.has(pointer);
  return [...byPath].flatMap(([pointer, list]): Problem[] => {
    if (listed(pointer)) return [];
    const path = pointerToPath(pointer);
    const key = path[path.length - 1];
    const inList = typeof key === "number" && path[path.length - 2] === "type";
    const allowed = list.find((e) => e.keyword === "enum")?.params
      .allowedValues as unknown[] | undefined;
    if ((key === "type" || inList) && allowed) {
      return [
        {
          path,
          message: `the ${kind} schema is not valid JSON Schema: 'type' must be one of ${allowed.join(", ")} (or a list of them)`,
          code: "invalid-json-schema",
        },
      ];
    }
    const e = list.find((x) => x.keyword !== "anyOf") ?? list[0]!;
    const what = key === undefined ? `the ${kind} schema` : `'${key}'`;
    return [
      {
        path,
        message: `the ${kind} schema is not valid JSON Schema: ${what} ${e.message ?? "is invalid"}`,
        code: "invalid-json-schema",
      },
    ];
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
    const near = closest(keyword, KEYWORDS);
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
    const near = closest(format[1]!, Object.keys(compiler().formats));
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

/**
 * Visits every schema-like object, without recursion, the last child first: the order
 * compileProblem's search depends on. The stack holds the objects and lists being gone through,
 * and a child's path is made when it is reached: a stack of every child with its path held a
 * path for each of a `$defs` of 466,000 schemas at once (issue #34).
 */
function walkObjects(
  root: JsonObject,
  base: Path,
  visit: (node: Record<string, unknown>, path: Path) => void,
): void {
  const stack: {
    node: object;
    path: Path;
    keys: string[] | null;
    next: number;
  }[] = [];
  const enter = (node: unknown, path: Path) => {
    if (Array.isArray(node))
      stack.push({ node, path, keys: null, next: node.length });
    else if (node !== null && typeof node === "object") {
      if (isSchemaPosition(path)) visit(node as Record<string, unknown>, path);
      const keys = Object.keys(node);
      stack.push({ node, path, keys, next: keys.length });
    }
  };
  enter(root, base);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.next === 0) {
      stack.pop();
      continue;
    }
    const i = --top.next;
    if (top.keys === null) enter((top.node as unknown[])[i], [...top.path, i]);
    else {
      const key = top.keys[i]!;
      enter((top.node as Record<string, unknown>)[key], [...top.path, key]);
    }
  }
}
