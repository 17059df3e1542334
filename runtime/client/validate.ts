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
    return unique((validate.errors ?? []).map(describe));
  };
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

function describeResult(e: ErrorObject): string {
  // The keys come from the platform's answer: a control character in one is shown, not obeyed.
  const at =
    e.instancePath.replace(
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    ) || "/";
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return `${at}: ${JSON.stringify(p.missingProperty)} is required`;
    case "additionalProperties":
      return `${at}: ${JSON.stringify(p.additionalProperty)} is not a known field`;
    case "type":
      return `${at}: must be ${article(String(p.type))}`;
    case "enum":
      return `${at}: must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    default:
      return `${at}: ${e.message ?? "is invalid"}`;
  }
}

function describeInput(e: ErrorObject): string {
  const at = fieldPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return `${join(at, String(p.missingProperty))} is required`;
    case "additionalProperties":
      return `${join(at, String(p.additionalProperty))} is not a known field`;
    case "type":
      return `${at || "the input"} must be ${article(String(p.type))}`;
    case "enum":
      return `${at || "the input"} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return `${at || "the input"} must be ${JSON.stringify(p.allowedValue)}`;
    case "format":
      return `${at || "the input"} must be a valid ${String(p.format)}`;
    default:
      return `${at || "the input"} ${e.message ?? "is invalid"}`;
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
