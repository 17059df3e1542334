import type { ErrorObject, ValidateFunction } from "ajv";
import type { Problem } from "./problem.js";
import { structureValidator } from "./structure-validator.js";
import { describePath, valueAt } from "./subject.js";
import { closest } from "../../runtime/shared/distance.js";
import { json, quoted } from "../diagnostics/quoted.js";

let validator: ValidateFunction | undefined;

/** Checks the spec's shape against tools.schema.json; every problem, not just the first. */
export function checkStructure(value: unknown): Problem[] {
  validator ??= structureValidator();
  if (validator(value)) return [];
  const problems = (validator.errors ?? []).map((e) => toProblem(e, value));
  return dedupe(problems);
}

/** A problem with what it tells about a misspelt key, so "missing 'short'" can yield to "did you mean 'short'". */
type Found = Problem & { missing?: string; suggested?: string };

function toProblem(e: ErrorObject, root: unknown): Found {
  const path = pointerToPath(e.instancePath);
  const where = describePath(root, path);
  switch (e.keyword) {
    case "additionalProperties": {
      const key = String(e.params.additionalProperty);
      const known = knownKeys(e.parentSchema);
      const near = closest(key, known);
      const hint = near
        ? `; did you mean ${quoted(near)}?`
        : known.length
          ? `; known keys: ${known.join(", ")}`
          : "";
      return {
        path: [...path, key],
        key: true,
        message: `${path.length ? `${where}: ` : ""}unknown key ${quoted(key)}${hint}`,
        code: "unknown-key",
        suggested: near,
      };
    }
    case "required":
      // Pointed at the key of the mapping that lacks it (a list item has none: its first line).
      return {
        path,
        key: true,
        message: `${where} is missing the required key ${quoted(e.params.missingProperty)}`,
        code: "missing-key",
        missing: String(e.params.missingProperty),
      };
    case "type":
      return {
        path,
        message: `${where} must be ${article(String(e.params.type))}, not ${describe(valueAt(root, path))}${quoteHint(String(e.params.type), valueAt(root, path))}`,
        code: "wrong-type",
      };
    case "enum":
      return {
        path,
        message: `${where} must be one of ${(e.params.allowedValues as unknown[]).map((v) => json(v)).join(", ")}`,
        code: "not-allowed",
      };
    case "const":
      return {
        path,
        message: `${where} must be ${json(e.params.allowedValue)}`,
        code: "not-allowed",
      };
    case "pattern":
      return {
        path,
        message: `${where} ${patternMessage(String(e.params.pattern), valueAt(root, path))}`,
        code: "bad-format",
      };
    case "minItems":
      return {
        path,
        message: `${where} must have at least ${e.params.limit} item(s)`,
        code: "too-few-items",
      };
    case "minProperties":
      return {
        path,
        message: `${where} is empty: declare at least one of ${knownKeys(e.parentSchema).join(", ")}`,
        code: "empty-mapping",
      };
    case "minLength":
      return {
        path,
        message: `${where} must not be empty`,
        code: "empty-text",
      };
    case "uniqueItems":
      return {
        path,
        message: `${where} lists the same value twice (items ${e.params.j} and ${e.params.i})`,
        code: "duplicate-item",
      };
    case "minimum":
    case "maximum":
      return {
        path,
        message: `${where} ${e.message ?? "is out of range"}`,
        code: "out-of-range",
      };
    case "maxLength":
      return {
        path,
        message: `${where} ${e.message ?? "is too long"}`,
        code: "too-long",
      };
    default:
      return {
        path,
        message: `${where} ${e.message ?? "is invalid"}`,
        code: "invalid-value",
      };
  }
}

function patternMessage(pattern: string, value: unknown): string {
  if (pattern === "^[^\\n\\r\\u2028\\u2029]*$")
    return "must be a single line (no line break, carriage return, U+2028 or U+2029)";
  if (pattern === "^[a-zA-Z][a-zA-Z0-9_-]{0,63}$")
    return `must start with a letter and use only letters, digits, _ and - (at most 64 characters), not ${json(value)}`;
  if (pattern === "^/") return "must start with /";
  return `must match ${pattern}, not ${json(value)}`;
}

/** YAML 1.2 reads unquoted 1.10, 083, true and null as values: the usual cause of a number where text is meant. */
function quoteHint(expected: string, value: unknown): string {
  if (
    !expected.split(",").includes("string") ||
    (value !== null && typeof value === "object")
  )
    return "";
  return " (YAML reads unquoted numbers, true/false and null as values, not text: put it in quotes)";
}

function knownKeys(parentSchema: unknown): string[] {
  const props = (
    parentSchema as { properties?: Record<string, unknown> } | undefined
  )?.properties;
  return props ? Object.keys(props) : [];
}

function article(type: string): string {
  const words = type
    .split(",")
    .map((t) =>
      t === "object"
        ? "a mapping"
        : t === "array"
          ? "a list"
          : t === "integer"
            ? "an integer"
            : t === "null"
              ? "null"
              : `a ${t}`,
    );
  return words.join(" or ");
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return `the string ${json(value)}`;
  return `${typeof value} ${json(value)}`;
}

export function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}

function dedupe(problems: Found[]): Problem[] {
  const seen = new Set<string>();
  const explained = new Set(
    problems
      .filter((p) => p.suggested)
      .map((p) => `${JSON.stringify(p.path.slice(0, -1))}\0${p.suggested}`),
  );
  return problems.filter((p) => {
    if (p.missing && explained.has(`${JSON.stringify(p.path)}\0${p.missing}`))
      return false;
    const id = `${JSON.stringify(p.path)}\0${p.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
