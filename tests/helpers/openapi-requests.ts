import fs from "node:fs";
import { parse } from "yaml";

// What an OpenAPI document says a request for one of its operations must be, for values chosen
// from the operation's own schemas: the tests call the tool that `toolgen import openapi` made of
// the operation and compare what a recording server received with this, field by field.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** An OpenAPI document read as JSON or YAML. */
export function readDocument(file: string): Json {
  const text = fs.readFileSync(file, "utf8");
  return (file.endsWith(".json") ? JSON.parse(text) : parse(text)) as Json;
}

export interface DocOperation {
  readonly method: string;
  readonly path: string;
  readonly op: Json;
  readonly pathItem: Json;
}

export function documentOperations(doc: Json): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    if (!isObject(item)) continue;
    for (const method of ["get", "put", "post", "delete", "patch"])
      if (isObject(item[method]))
        out.push({ method, path, op: item[method] as Json, pathItem: item });
  }
  return out;
}

function deref(doc: Json, v: unknown): unknown {
  let value = v;
  for (
    let i = 0;
    i < 50 && isObject(value) && typeof value.$ref === "string";
    i++
  ) {
    let at: unknown = doc;
    for (const token of value.$ref.slice(2).split("/"))
      at = (at as Json)[token.replace(/~1/g, "/").replace(/~0/g, "~")];
    value = at;
  }
  return value;
}

/** No value can be chosen for this schema here (a pattern, too deep): the operation is not sampled. */
const NONE = Symbol("none");

const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2024-05-06T07:08:09Z",
  date: "2024-05-06",
  time: "07:08:09Z",
  uri: "https://example.com/a?b=1",
  url: "https://example.com/a",
  "uri-reference": "/a/b",
  email: "ann@example.com",
  uuid: "0f8fad5b-d9cb-469f-a165-70867728950e",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  byte: "aGVsbG8=",
};

/** A value that fits `schema` (the document's), `variant` telling apart two items of a list. */
function sample(
  doc: Json,
  raw: unknown,
  name: string,
  depth: number,
  variant = 0,
): unknown {
  const s = deref(doc, raw);
  if (depth > 6) return NONE;
  if (s === true || s === undefined) return `v${variant}`;
  if (!isObject(s)) return NONE;
  if (s.default !== undefined && variant === 0) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) {
    const values = s.enum.filter((v) => v !== null);
    return values.length === 0 ? NONE : values[variant % values.length];
  }
  // Combinators beside an object's own properties only say which of them are required.
  const ownObject = s.type === "object" || isObject(s.properties);
  for (const k of ownObject ? [] : ["oneOf", "anyOf"])
    if (Array.isArray(s[k])) {
      const first = (s[k] as unknown[]).find((alt) => {
        const a = deref(doc, alt);
        return !(isObject(a) && a.type === "null");
      });
      return sample(doc, first, name, depth + 1, variant);
    }
  if (Array.isArray(s.allOf)) {
    const parts = (s.allOf as unknown[]).map((p) =>
      sample(doc, p, name, depth + 1, variant),
    );
    if (parts.some((p) => p === NONE)) return NONE;
    return parts.every(isObject) ? Object.assign({}, ...parts) : parts[0];
  }
  const types = Array.isArray(s.type)
    ? s.type.filter((t) => t !== "null")
    : [s.type];
  const type = types[0] ?? (isObject(s.properties) ? "object" : "string");
  if (type === "string") {
    if (typeof s.format === "string" && FORMAT_SAMPLES[s.format] !== undefined)
      return FORMAT_SAMPLES[s.format];
    let text = `v${variant} ü/${name}`;
    const max = typeof s.maxLength === "number" ? s.maxLength : Infinity;
    const min = typeof s.minLength === "number" ? s.minLength : 0;
    text = text.slice(0, max).padEnd(min, "x");
    if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(text))
      return NONE;
    return text;
  }
  if (type === "integer" || type === "number") {
    let n = typeof s.minimum === "number" ? s.minimum : 3;
    if (s.exclusiveMinimum === true || typeof s.exclusiveMinimum === "number")
      n =
        Math.max(
          n,
          Number(s.exclusiveMinimum === true ? s.minimum : s.exclusiveMinimum),
        ) + 1;
    if (typeof s.maximum === "number") n = Math.min(n, s.maximum);
    if (typeof s.multipleOf === "number") return NONE;
    return (
      n +
      (variant && (typeof s.maximum !== "number" || n + variant <= s.maximum)
        ? variant
        : 0)
    );
  }
  if (type === "boolean") return variant === 0;
  if (type === "array") {
    const count = Math.max(
      typeof s.minItems === "number" ? s.minItems : 0,
      Math.min(2, typeof s.maxItems === "number" ? s.maxItems : 2),
    );
    const items = Array.from({ length: count }, (_, i) =>
      sample(doc, s.items, name, depth + 1, i),
    );
    return items.includes(NONE) ? NONE : items;
  }
  if (type === "object") {
    const out: Json = {};
    const required = new Set(
      Array.isArray(s.required) ? (s.required as string[]) : [],
    );
    for (const k of ["anyOf", "oneOf"]) {
      const first = Array.isArray(s[k])
        ? deref(doc, (s[k] as unknown[])[0])
        : undefined;
      if (isObject(first) && Array.isArray(first.required))
        for (const r of first.required as string[]) required.add(r);
    }
    for (const [key, sub] of Object.entries(
      isObject(s.properties) ? s.properties : {},
    )) {
      const d = deref(doc, sub);
      if (isObject(d) && d.readOnly === true) continue;
      if (!required.has(key) && !(isObject(d) && d.default !== undefined))
        continue;
      const v = sample(doc, sub, key, depth + 1);
      if (v === NONE) return NONE;
      out[key] = v;
    }
    return out;
  }
  return NONE;
}

/** A call of one imported tool and the request the document prescribes for it. */
export interface PlannedCall {
  readonly operation: DocOperation;
  readonly tool: string;
  readonly input: Json;
  readonly method: string;
  /** The path with each parameter's value in place, not encoded. */
  readonly segments: readonly string[];
  readonly query: readonly [string, string][];
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body, or undefined for none. */
  readonly body: unknown;
  readonly kinds: ReadonlySet<string>;
}

/** The tool name each operation became, from the comment above each tool in the written spec. */
export function toolsByOperation(specText: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of specText.matchAll(
    /^ {2}# ([A-Z]+) (\S+)(?: \(.*?\))?(?: · import.*)?\n {2}- name: (\S+)$/gm,
  ))
    out.set(`${m[1]!.toLowerCase()} ${m[2]}`, m[3]!);
  return out;
}

const text = (v: unknown): string =>
  typeof v === "string" ? v : JSON.stringify(v);

/**
 * The call of `o`'s tool with a value for every parameter and body field the document declares,
 * and what the request must then hold; null when the document's schemas leave no value to choose
 * or the import did not carry the whole operation. `binding` is the tool's `http` (to name the
 * inputs), `skip` the parameters the client sends itself (the API key).
 */
export function plannedCall(
  doc: Json,
  o: DocOperation,
  tool: string,
  binding: Json,
  skipHeaders: readonly string[] = [],
): PlannedCall | null {
  const params = new Map<string, Json>();
  for (const list of [o.pathItem.parameters, o.op.parameters])
    for (const raw of Array.isArray(list) ? list : []) {
      const p = deref(doc, raw) as Json;
      params.set(`${p.in} ${p.name}`, p);
    }
  const input: Json = {};
  const query: [string, string][] = [];
  const headers: Record<string, string> = {};
  const kinds = new Set<string>([o.method]);
  const values = new Map<string, unknown>();
  const docPath = o.path.split("/");
  // The binding's path names the inputs where the document's names the parameters, in turn.
  const pathInputs = new Map<string, string>();
  String(binding.path)
    .split("/")
    .forEach((seg, i) => {
      const names = [...seg.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      [...(docPath[i] ?? "").matchAll(/\{([^}]*)\}/g)].forEach((m, j) => {
        if (names[j] !== undefined) pathInputs.set(m[1]!, names[j]!);
      });
    });
  for (const p of params.values()) {
    const name = String(p.name);
    if (p.in === "cookie") continue; // reported as not carried
    if (
      p.in === "header" &&
      ["accept", "content-type", "authorization", ...skipHeaders].includes(
        name.toLowerCase(),
      )
    )
      continue;
    const v = sample(doc, p.schema, name, 0);
    if (v === NONE) return null;
    let inputName: string | undefined;
    if (p.in === "path") {
      inputName = pathInputs.get(name);
      values.set(name, v);
      kinds.add("path");
    } else if (p.in === "query") {
      inputName = (binding.query as Json | undefined)?.[name] as
        string | undefined;
      for (const item of Array.isArray(v) ? v : [v])
        query.push([name, text(item)]);
      if (Array.isArray(v)) kinds.add("query-array");
      else kinds.add("query");
    } else if (p.in === "header") {
      inputName = (binding.headers as Json | undefined)?.[name] as
        string | undefined;
      headers[name.toLowerCase()] = text(v);
      kinds.add("header");
    }
    if (inputName === undefined) return null;
    input[inputName] = v;
  }
  let body: unknown;
  const rb = deref(doc, o.op.requestBody) as Json | undefined;
  if (rb !== undefined) {
    const media = (rb.content as Json | undefined)?.["application/json"] as
      Json | undefined;
    if (media === undefined || binding.body === undefined) return null;
    const schema = deref(doc, media.schema);
    const bound = isObject(binding.body) ? binding.body : {};
    const whole =
      typeof bound.$input === "string" && Object.keys(bound).length === 1;
    if (whole) {
      body = sample(doc, schema, "body", 0);
      if (body === NONE) return null;
      input[bound.$input as string] = body;
      kinds.add("whole-body");
    } else {
      const fields: Json = {};
      const props =
        isObject(schema) && isObject(schema.properties)
          ? schema.properties
          : {};
      for (const [field, sub] of Object.entries(props)) {
        const d = deref(doc, sub);
        if (isObject(d) && d.readOnly === true) continue;
        const v = sample(doc, sub, field, 1);
        if (v === NONE) return null;
        const inputName = (binding.body as Json)[field];
        if (typeof inputName !== "string") return null;
        fields[field] = v;
        input[inputName] = v;
      }
      body = fields;
      kinds.add("body");
    }
  }
  const segments = docPath.map((seg) =>
    seg.replace(/\{([^}]*)\}/g, (_, n: string) => text(values.get(n))),
  );
  return {
    operation: o,
    tool,
    input,
    method: o.method.toUpperCase(),
    segments,
    query,
    headers,
    body,
    kinds,
  };
}
