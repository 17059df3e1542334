import { isRecord } from "../../runtime/shared/record.js";
/**
 * A conservative test for input schemas that ajv (strict mode, draft-07 meta-schema,
 * ajv-formats) certainly compiles, so most specs never pay for ajv's code generation:
 * compiling one schema costs about a millisecond, a thousand tools a whole second.
 *
 * It only ever answers "certainly compiles" or "not sure". Everything it does not
 * recognise (a `$ref` outside the root's `$defs` or `definitions`, `not`, tuples, boolean
 * subschemas, any doubtful value) is "not sure" and goes to ajv itself, so every error a
 * user sees is still ajv's own message. tests/validate/plain-schema.test.ts checks the promise against ajv.
 * scalarFits (scalar-fits.ts) does the same for default and enum values. The plain way, ajv compiling every
 * schema and value (validate/input-schema.ts), stays the fallback; at 1,000 tools these two
 * shortcuts save about two thirds of gen's time (docs/performance.md has the figures).
 */

const SIMPLE_TYPES = new Set([
  "array",
  "boolean",
  "integer",
  "null",
  "number",
  "object",
  "string",
]);

/** ajv-formats' string formats; a test keeps this list in step with the installed ajv-formats. */
export const STRING_FORMATS: ReadonlySet<string> = new Set([
  "date",
  "time",
  "date-time",
  "iso-time",
  "iso-date-time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "url",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "regex",
  "uuid",
  "json-pointer",
  "json-pointer-uri-fragment",
  "relative-json-pointer",
  "byte",
  "password",
  "binary",
]);

/** The type a keyword needs in strictTypes mode ("any" for none), and the check of its value against the meta-schema. */
export const KEYWORD_RULES: Readonly<
  Record<
    string,
    {
      type: "any" | "number" | "string" | "array" | "object";
      valid: (value: unknown) => boolean;
    }
  >
> = {
  // A name or a list of names: typesIn checks it, with its context.
  type: { type: "any", valid: () => true },
  title: { type: "any", valid: (v) => typeof v === "string" },
  description: { type: "any", valid: (v) => typeof v === "string" },
  default: { type: "any", valid: () => true },
  examples: { type: "any", valid: (v) => Array.isArray(v) },
  readOnly: { type: "any", valid: (v) => typeof v === "boolean" },
  writeOnly: { type: "any", valid: (v) => typeof v === "boolean" },
  deprecated: { type: "any", valid: (v) => typeof v === "boolean" },
  $comment: { type: "any", valid: (v) => typeof v === "string" },
  const: { type: "any", valid: () => true },
  enum: { type: "any", valid: isPlainEnum },
  minimum: { type: "number", valid: isFiniteNumber },
  maximum: { type: "number", valid: isFiniteNumber },
  exclusiveMinimum: { type: "number", valid: isFiniteNumber },
  exclusiveMaximum: { type: "number", valid: isFiniteNumber },
  multipleOf: { type: "number", valid: (v) => isFiniteNumber(v) && v > 0 },
  minLength: { type: "string", valid: isCount },
  maxLength: { type: "string", valid: isCount },
  pattern: { type: "string", valid: isPattern },
  // Which type a format needs is formatFits's: ajv's keyword takes a string or a number.
  format: { type: "any", valid: (v) => typeof v === "string" },
  minItems: { type: "array", valid: isCount },
  maxItems: { type: "array", valid: isCount },
  uniqueItems: { type: "array", valid: (v) => typeof v === "boolean" },
  items: { type: "array", valid: isRecord },
  minProperties: { type: "object", valid: isCount },
  maxProperties: { type: "object", valid: isCount },
  properties: { type: "object", valid: isRecord },
  required: { type: "object", valid: isNameList },
  additionalProperties: {
    type: "object",
    valid: (v) => typeof v === "boolean" || isRecord(v),
  },
};

/** Each simple type as a list of one, made once. */
const SINGLE_TYPES: ReadonlyMap<string, readonly string[]> = new Map(
  [...SIMPLE_TYPES].map((t) => [t, [t]]),
);

/** The combinators: ajv compiles each branch in the context of its schema's type. */
const COMBINATORS = ["allOf", "anyOf", "oneOf"] as const;

/** ajv-formats' number formats: they apply to a number or an integer. */
const NUMBER_FORMATS: ReadonlySet<string> = new Set([
  "int32",
  "int64",
  "float",
  "double",
]);

/**
 * A local reference into the root's `$defs` or `definitions` (draft 2019-09's name and draft-07's,
 * both of which ajv reads): `#/$defs/<name>`, the name plain or ~-escaped.
 */
const DEFS_REF = /^#\/(\$defs|definitions)\/((?:[A-Za-z0-9_.-]|~[01])+)$/;
const DEFS_KEYS = ["$defs", "definitions"] as const;

/**
 * True only when ajv, as the generated runtime configures it, certainly compiles `schema`.
 *
 * Each schema is read as ajv's strictTypes reads it (compile/validate/index.ts): the type a
 * keyword needs is the schema's own, or, in a branch of allOf, anyOf or oneOf, the one its
 * context gives; a branch's own type must fit that context. The schemas under properties,
 * items and additionalProperties, and those a `$ref` names, start without one. A `$ref` is
 * plain when it names an entry of the root's `$defs`, and each entry is checked once, as ajv
 * would compile it (whether or not anything names it, which only ever says "not sure" more).
 */
export function isPlainSchema(root: unknown): boolean {
  if (!isRecord(root)) return false;
  const defs: Record<string, Record<string, unknown>> = {};
  for (const key of DEFS_KEYS) {
    const entries = root[key];
    if (entries === undefined) continue;
    if (!isRecord(entries)) return false;
    defs[key] = entries;
  }
  const stack: [unknown, readonly string[]][] = [[root, []]];
  for (const entries of Object.values(defs))
    for (const name of Object.keys(entries)) {
      if (name === "__proto__") return false;
      stack.push([entries[name], []]);
    }
  if (refsGoRound(defs)) return false;
  while (stack.length > 0) {
    const [schema, context] = stack.pop()!;
    if (!isRecord(schema)) return false;
    // The types ajv holds the keywords to: the schema's own, narrowed by its context, or the context's.
    const types = typesIn(schema.type, context);
    if (!types) return false;
    for (const key of Object.keys(schema)) {
      if (key === "$defs" || key === "definitions") {
        if (schema !== root) return false;
        continue;
      }
      if (key === "$ref") {
        if (defNamed(schema.$ref, defs) === undefined) return false;
        continue;
      }
      if ((COMBINATORS as readonly string[]).includes(key)) {
        const branches = schema[key];
        if (!Array.isArray(branches) || branches.length === 0) return false;
        for (const branch of branches) stack.push([branch, types]);
        continue;
      }
      const rule = Object.hasOwn(KEYWORD_RULES, key)
        ? KEYWORD_RULES[key]
        : undefined;
      if (!rule || !rule.valid(schema[key])) return false;
      // strictTypes: a type-specific keyword needs that type ("number" keywords also fit "integer").
      if (rule.type !== "any" && !types.some((t) => applies(rule.type, t)))
        return false;
    }
    if (schema.format !== undefined && !formatFits(schema.format, types))
      return false;
    if (isRecord(schema.items)) stack.push([schema.items, []]);
    if (isRecord(schema.additionalProperties))
      stack.push([schema.additionalProperties, []]);
    if (schema.properties !== undefined) {
      const properties = schema.properties as Record<string, unknown>;
      for (const name of Object.keys(properties)) {
        if (name === "__proto__") return false;
        stack.push([properties[name], []]);
      }
    }
    // strictRequired: every required name is one of this schema's own properties.
    if (schema.required !== undefined) {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const names = schema.required as string[];
      if (!names.every((name) => Object.hasOwn(properties, name))) return false;
    }
  }
  return true;
}

/**
 * The types a schema's keywords are held to, as ajv's strictTypes works them out from its own
 * `type` (a name, or a list of distinct names) and its context's; undefined where the type is not
 * plain or ajv would refuse it in that context (a branch's types must all fit the context's).
 */
function typesIn(
  own: unknown,
  context: readonly string[],
): readonly string[] | undefined {
  if (own === undefined) return context;
  // The usual case, one type and no context: no list made.
  if (typeof own === "string" && context.length === 0)
    return SINGLE_TYPES.get(own);
  const list = typeof own === "string" ? [own] : own;
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    new Set(list).size !== list.length ||
    !list.every((t) => typeof t === "string" && SIMPLE_TYPES.has(t))
  )
    return undefined;
  if (context.length === 0) return list as string[];
  if (
    !list.every(
      (t) =>
        context.includes(t) || (t === "integer" && context.includes("number")),
    )
  )
    return undefined;
  const narrowed: string[] = [];
  for (const t of context)
    if (list.includes(t) || (t === "integer" && list.includes("number")))
      narrowed.push(t);
    else if (t === "number" && list.includes("integer"))
      narrowed.push("integer");
  return narrowed;
}

/** Whether a keyword that needs `needed` applies to a value of type `type`. */
function applies(needed: string, type: string): boolean {
  return type === needed || (needed === "number" && type === "integer");
}

/** A string format where a string may be, a number format where a number may be. */
function formatFits(format: unknown, types: readonly string[]): boolean {
  if (typeof format !== "string") return false;
  if (STRING_FORMATS.has(format)) return types.includes("string");
  return (
    NUMBER_FORMATS.has(format) &&
    (types.includes("number") || types.includes("integer"))
  );
}

/** The entry `ref` names (`$defs/<name>`, its group and name), if it names one. */
function defNamed(
  ref: unknown,
  defs: Readonly<Record<string, Record<string, unknown>>>,
): string | undefined {
  if (typeof ref !== "string") return undefined;
  const match = DEFS_REF.exec(ref);
  const entries = match ? defs[match[1]!] : undefined;
  if (!entries) return undefined;
  const name = match![2]!.replaceAll("~1", "/").replaceAll("~0", "~");
  return Object.hasOwn(entries, name) ? `${match![1]}/${name}` : undefined;
}

/**
 * Whether an entry's own `$ref`, followed from entry to entry, comes back round: ajv follows
 * such a chain by recursion and overflows its stack (gen reports the circle, `ref-circular`).
 */
function refsGoRound(
  defs: Readonly<Record<string, Record<string, unknown>>>,
): boolean {
  const entry = (key: string) => {
    const slash = key.indexOf("/");
    return defs[key.slice(0, slash)]![key.slice(slash + 1)];
  };
  const done = new Set<string>();
  for (const [group, entries] of Object.entries(defs))
    for (const name of Object.keys(entries)) {
      const seen = new Set<string>();
      let key: string | undefined = `${group}/${name}`;
      while (key !== undefined && !done.has(key)) {
        if (seen.has(key)) return true;
        seen.add(key);
        const schema = entry(key);
        key = isRecord(schema) ? defNamed(schema.$ref, defs) : undefined;
      }
      for (const k of seen) done.add(k);
    }
  return false;
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

export function isCount(value: unknown): boolean {
  return isFiniteNumber(value) && Number.isInteger(value) && value >= 0;
}

/** Distinct strings (the meta-schema's stringArray). */
function isNameList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((v) => typeof v === "string") &&
    new Set(value).size === value.length
  );
}

/** A non-empty list of distinct scalars; lists holding objects or lists are left to ajv. */
function isPlainEnum(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  const seen = new Set<string>();
  for (const v of value) {
    if (
      v !== null &&
      typeof v !== "string" &&
      typeof v !== "boolean" &&
      !isFiniteNumber(v)
    )
      return false;
    seen.add(`${v === null ? "null" : typeof v}:${String(v)}`);
  }
  return seen.size === value.length;
}

/** What ajv demands of a pattern: the meta-schema's "regex" format, then compilation with the u flag. */
export function isPattern(value: unknown): boolean {
  if (typeof value !== "string" || /[^\\]\\Z/.test(value)) return false;
  try {
    new RegExp(value);
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}
