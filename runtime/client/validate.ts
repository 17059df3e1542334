import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { dialectOf, type Dialect } from "./dialect.js";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((
  addFormatsModule as unknown as { default?: typeof addFormatsModule }
).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export type Validator = (name: string, input: unknown) => string[];

/**
 * `validateInput` over a set of schemas: each is compiled on first use, with the settings
 * toolgen checked it with (generator/validate/input-schema.ts, which removes each schema after
 * compiling it; here schemas are never registered by $id), and problems come back as
 * readable sentences that start with the field they are about.
 */
export function createValidator(
  schemas: ReadonlyMap<string, object>,
  describe: (e: ErrorObject) => string = describeInput,
): Validator {
  const instances = new Map<Dialect, Ajv>();
  const compiled = new Map<string, ValidateFunction>();
  return (name, input) => {
    const schema = schemas.get(name);
    if (!schema) return [`unknown tool ${JSON.stringify(name)}`];
    let validate = compiled.get(name);
    if (!validate) {
      const dialect = dialectOf(schema);
      let ajv = instances.get(dialect);
      if (!ajv) {
        ajv = newAjv(dialect);
        instances.set(dialect, ajv);
      }
      validate = ajv.compile(schema);
      compiled.set(name, validate);
    }
    if (validate(input)) return [];
    return canonical(reported(validate.errors ?? []), describe);
  };
}

/**
 * The errors that are problems of their own: a combinator that failed (anyOf, oneOf, contains)
 * is reported, not its branches' errors, nor a property name's errors (its propertyNames error
 * says it), nor an `if`'s (its `then` or `else` errors say it), as the Python runtime reports
 * them (runtime/python/toolgen_core/validate.py). A branch's errors come right before its
 * combinator's, at its path or below, from a place in the schema under the combinator (or
 * reached by a $ref).
 */
function reported(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept: ErrorObject[] = [];
  for (const e of errors) {
    if (e.propertyName !== undefined || e.keyword === "if") continue;
    if (
      e.keyword === "anyOf" ||
      e.keyword === "oneOf" ||
      e.keyword === "contains"
    ) {
      const own = `${e.schemaPath}/`;
      const parent = e.schemaPath.slice(0, e.schemaPath.lastIndexOf("/") + 1);
      while (kept.length > 0) {
        const last = kept[kept.length - 1]!;
        const under =
          last.instancePath === e.instancePath ||
          last.instancePath.startsWith(`${e.instancePath}/`);
        const branch =
          last.schemaPath.startsWith(own) ||
          !last.schemaPath.startsWith(parent);
        if (!under || !branch) break;
        kept.pop();
      }
    }
    kept.push(e);
  }
  return kept;
}

/** One order in both languages: by the input's path, then by text (UTF-16 order); each problem once. */
function canonical(
  errors: readonly ErrorObject[],
  describe: (e: ErrorObject) => string,
): string[] {
  const problems = errors.map((e) => [e.instancePath, describe(e)] as const);
  problems.sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
  return unique(problems.map(([, text]) => text));
}

/**
 * An ajv for one dialect, with the settings toolgen checked the schemas with. addUsedSchema:
 * false keeps one tool's $id from clashing with another's in this shared instance; a `required`
 * inside anyOf is checked by toolgen; union types allowed; ownProperties: an input named
 * constructor or toString is the caller's, never Object.prototype's.
 */
function newAjv(dialect: Dialect): Ajv {
  const Class =
    dialect === "2020-12" ? Ajv2020 : dialect === "2019-09" ? Ajv2019 : Ajv;
  const ajv = new Class({
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    validateSchema: true,
    addUsedSchema: false,
    ownProperties: true,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * `validateOutput` over the tools' output schemas, with the same settings: each problem says
 * where the value does not fit, as a JSON pointer (`/peers/0/id: must be a string`). A tool
 * without an output schema accepts any value.
 */
export function createResultValidator(
  schemas: ReadonlyMap<string, object>,
  names: readonly string[],
): Validator {
  const validate = createValidator(schemas, describeResult);
  const known = new Set(names);
  return (name, value) =>
    schemas.has(name) || !known.has(name) ? validate(name, value) : [];
}

/**
 * A result's problem as toolgen words it: where, as a JSON pointer, then the same words as an
 * input's problem (`/items/0/quantity: must be 1 or more`, `/: "id" is required`).
 */
function describeResult(e: ErrorObject): string {
  // The keys come from the platform's answer: a control character in one is shown, not obeyed.
  const at =
    e.instancePath.replace(
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    ) || "/";
  const w = words(e);
  if (w.field === undefined) return `${at}: ${w.text}`;
  const given =
    w.given === undefined ? "" : ` when ${JSON.stringify(w.given)} is given`;
  return `${at}: ${JSON.stringify(w.field)} ${w.text}${given}`;
}

/**
 * An input's problem as toolgen words it, from the failing input's path and the keyword: never
 * ajv's own message, so that the Python runtime, which validates with jsonschema, says the same
 * (runtime/python/toolgen_core/validate.py words each keyword alike).
 */
function describeInput(e: ErrorObject): string {
  const at = fieldPath(e.instancePath);
  const w = words(e);
  if (w.field === undefined) return `${at || "the input"} ${w.text}`;
  const given =
    w.given === undefined ? "" : ` when ${join(at, w.given)} is given`;
  return `${join(at, w.field)} ${w.text}${given}`;
}

/**
 * A problem in toolgen's words: about the value itself (`text` alone), or about one of its
 * fields (`field`, and `given` for the field whose presence requires it).
 */
interface Words {
  readonly text: string;
  readonly field?: string;
  readonly given?: string;
}

function words(e: ErrorObject): Words {
  const p = e.params as Record<string, unknown>;
  const count = (n: unknown, one: string, many: string) =>
    `${JSON.stringify(n)} ${n === 1 ? one : many}`;
  switch (e.keyword) {
    case "false schema":
      return { text: "is not allowed" };
    case "required":
      return { field: String(p.missingProperty), text: "is required" };
    case "additionalProperties":
      return {
        field: String(p.additionalProperty),
        text: "is not a known field",
      };
    case "unevaluatedProperties":
      return {
        field: String(p.unevaluatedProperty),
        text: "is not a known field",
      };
    case "propertyNames":
      return {
        field: String(p.propertyName),
        text: "is not an allowed field name",
      };
    case "dependencies":
    case "dependentRequired":
      return {
        field: String(p.missingProperty),
        text: "is required",
        given: String(p.property),
      };
    case "type":
      return { text: `must be ${article(String(p.type))}` };
    case "enum":
      return {
        text: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    case "const":
      return { text: `must be ${JSON.stringify(p.allowedValue)}` };
    case "format":
      return { text: `must be a valid ${String(p.format)}` };
    case "pattern":
      return { text: `must match the pattern ${JSON.stringify(p.pattern)}` };
    case "minLength":
      return {
        text: `must be at least ${count(p.limit, "character", "characters")} long`,
      };
    case "maxLength":
      return {
        text: `must be at most ${count(p.limit, "character", "characters")} long`,
      };
    case "minimum":
      return { text: `must be ${JSON.stringify(p.limit)} or more` };
    case "maximum":
      return { text: `must be ${JSON.stringify(p.limit)} or less` };
    case "exclusiveMinimum":
      return { text: `must be more than ${JSON.stringify(p.limit)}` };
    case "exclusiveMaximum":
      return { text: `must be less than ${JSON.stringify(p.limit)}` };
    case "multipleOf":
      return { text: `must be a multiple of ${JSON.stringify(p.multipleOf)}` };
    case "minItems":
      return { text: `must have at least ${count(p.limit, "item", "items")}` };
    case "maxItems":
    case "items":
    case "additionalItems":
      return { text: `must have at most ${count(p.limit, "item", "items")}` };
    case "unevaluatedItems":
      return { text: "must not have items the schema does not describe" };
    case "uniqueItems":
      return { text: "must not have duplicate items" };
    case "minProperties":
      return {
        text: `must have at least ${count(p.limit, "field", "fields")}`,
      };
    case "maxProperties":
      return { text: `must have at most ${count(p.limit, "field", "fields")}` };
    case "contains":
      return {
        text:
          p.maxContains === undefined
            ? `must contain at least ${count(p.minContains, "matching item", "matching items")}`
            : `must contain from ${JSON.stringify(p.minContains)} to ${JSON.stringify(p.maxContains)} matching items`,
      };
    case "anyOf":
      return { text: "must match at least one of the allowed forms" };
    case "oneOf":
      return { text: "must match exactly one of the allowed forms" };
    case "not":
      return { text: "must not match the excluded form" };
    default:
      return { text: "is invalid" };
  }
}

/** `/attachments/0/name` → `attachments[0].name`. */
function fieldPath(pointer: string): string {
  if (!pointer) return "";
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce(
      (acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s),
      "",
    );
}

function join(at: string, field: string): string {
  return at ? `${at}.${field}` : field;
}

function article(type: string): string {
  const names: Record<string, string> = {
    integer: "an integer",
    object: "an object",
    array: "an array",
    null: "null",
  };
  return type
    .split(",")
    .map((t) => names[t] ?? `a ${t}`)
    .join(" or ");
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
