import { isRecord } from "../../runtime/shared/record.js";
import { InputBuilder } from "./openapi-inputs.js";
import { resolved } from "./openapi-refs.js";
import { escapeToken, type SchemaConverter } from "./openapi-schema.js";
import type { OpenApiSource } from "./openapi-source.js";

/** One operation of the document, where it is. */
export interface Operation {
  readonly method: string;
  readonly path: string;
  /** The operation object's pointer (`/paths/~1pets/get`). */
  readonly pointer: string;
  readonly op: Readonly<Record<string, unknown>>;
  readonly pathItem: Readonly<Record<string, unknown>>;
  readonly tags: readonly string[];
  readonly operationId?: string;
}

/** What an operation gives a tool: its input, its `http` binding, its output when it has one. */
export interface OperationParts {
  readonly input: Record<string, unknown>;
  readonly http: Record<string, unknown>;
  readonly output?: Record<string, unknown>;
}

export interface OperationContext {
  readonly source: OpenApiSource;
  readonly schemas: SchemaConverter;
  /** A line of the report: what is not carried, with its location. */
  readonly note: (line: string) => void;
  /** The API key's header or query parameter, which the client sends itself (targets.client.auth). */
  readonly credential?: { readonly header?: string; readonly query?: string };
}

/** The headers OpenAPI says a parameter may not define (the request's own). */
const OWN_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** Whether a media type is JSON (`application/json`, `application/vnd.x+json`, with parameters). */
export function isJson(mediaType: string): boolean {
  return /^application\/(?:[\w.+-]*\+)?json\s*(?:;.*)?$/i.test(mediaType);
}

/**
 * An operation's input and binding: its path, query and header parameters and its JSON body,
 * each an input; what cannot be sent as the document says is reported and left out, or the
 * operation skipped (a string: why) when the request could not be sent without it.
 */
export function operationParts(
  ctx: OperationContext,
  o: Operation,
): OperationParts | string {
  const { source } = ctx;
  const doc = source.doc;
  const inputs = new InputBuilder();
  const refs = new Set<string>();
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const pathNames = new Map<string, string>();

  for (const p of parameters(ctx, o)) {
    const { param, pointer } = p;
    const name = param.name as string;
    const where = param.in as string;
    const at = source.where(pointer);
    const required = param.required === true || where === "path";
    const skip = (why: string): string | null => {
      if (required)
        return `its required ${where} parameter ${JSON.stringify(name)} ${why}`;
      ctx.note(
        `${at}: ${where} parameter ${JSON.stringify(name)} ${why}: left out`,
      );
      return null;
    };
    if (where === "cookie") {
      const why = skip("is a cookie, which the client does not send");
      if (why !== null) return why;
      continue;
    }
    const key = ctx.credential;
    if (
      (where === "header" &&
        key?.header?.toLowerCase() === name.toLowerCase()) ||
      (where === "query" && key?.query === name)
    ) {
      ctx.note(
        `${at}: ${where} parameter ${JSON.stringify(name)} is the API key, which the client sends from its environment: left out`,
      );
      continue;
    }
    if (where === "header" && OWN_HEADERS.has(name.toLowerCase())) {
      ctx.note(
        `${at}: header parameter ${JSON.stringify(name)} is ignored, as OpenAPI says`,
      );
      continue;
    }
    const schemaAt = parameterSchema(param, pointer);
    if (schemaAt === null) {
      const why = skip("has no schema (or no JSON one)");
      if (why !== null) return why;
      continue;
    }
    const shape = resolved(doc, schemaAt.value, schemaAt.pointer).value;
    const type = isRecord(shape) ? shape.type : undefined;
    const isArray =
      type === "array" || (Array.isArray(type) && type.includes("array"));
    const isObject =
      type === "object" || (isRecord(shape) && isRecord(shape.properties));
    const style = typeof param.style === "string" ? param.style : null;
    if (isObject && where !== "header") {
      const why = skip(
        "is an object, which the client does not spread into the request",
      );
      if (why !== null) return why;
      continue;
    }
    if (where === "path" && style !== null && style !== "simple")
      return `its path parameter ${JSON.stringify(name)} has style ${style}`;
    if (
      where === "query" &&
      ((style !== null && style !== "form") ||
        (isArray && param.explode === false))
    ) {
      const why = skip(
        `is sent in style ${style ?? "form"}${param.explode === false ? " without explode" : ""}, which the client does not (it repeats the key)`,
      );
      if (why !== null) return why;
      continue;
    }
    if (where === "path" && isArray)
      return `its path parameter ${JSON.stringify(name)} is an array`;
    const schema = ctx.schemas.inline(
      schemaAt.value,
      schemaAt.pointer,
      "input",
      refs,
    );
    const described =
      typeof param.description === "string" &&
      isRecord(schema) &&
      schema.description === undefined
        ? { ...schema, description: param.description }
        : schema;
    const input = inputs.add(name, where, described, required);
    if (where === "path") pathNames.set(name, input);
    else if (where === "query") query[name] = input;
    else headers[name] = input;
  }

  let path = "";
  for (const part of o.path.split(/(\{[^{}]*\})/)) {
    const m = /^\{(.*)\}$/.exec(part);
    if (m === null) path += part;
    else {
      const input = pathNames.get(m[1]!);
      if (input === undefined)
        return `its path names {${m[1]}}, which no parameter declares`;
      path += `{${input}}`;
    }
  }

  const body = requestBody(ctx, o, inputs, refs);
  if (typeof body === "string") return body;
  const http: Record<string, unknown> = {
    method: o.method.toUpperCase(),
    path,
    ...(Object.keys(query).length === 0 ? {} : { query }),
    ...(body === null ? {} : { body }),
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
  };
  const dialect =
    source.version === "3.1"
      ? "https://json-schema.org/draft/2020-12/schema"
      : null;
  return {
    input: inputs.schema(dialect, ctx.schemas.defs(refs, "input")),
    http,
  };
}

/** The path item's parameters, then the operation's, one for each name and location (the operation's wins). */
function parameters(
  ctx: OperationContext,
  o: Operation,
): { param: Record<string, unknown>; pointer: string }[] {
  const byKey = new Map<
    string,
    { param: Record<string, unknown>; pointer: string }
  >();
  const itemPointer = o.pointer.slice(0, o.pointer.lastIndexOf("/"));
  for (const [list, base] of [
    [o.pathItem.parameters, `${itemPointer}/parameters`],
    [o.op.parameters, `${o.pointer}/parameters`],
  ] as const) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, i) => {
      const at = resolved(ctx.source.doc, raw, `${base}/${i}`);
      const param = at.value;
      if (
        !isRecord(param) ||
        typeof param.name !== "string" ||
        typeof param.in !== "string"
      ) {
        ctx.note(
          `${ctx.source.where(`${base}/${i}`)}: a parameter without a name or location: left out`,
        );
        return;
      }
      byKey.set(
        `${param.in} ${param.in === "header" ? param.name.toLowerCase() : param.name}`,
        {
          param,
          pointer: at.pointer,
        },
      );
    });
  }
  return [...byKey.values()];
}

function parameterSchema(
  param: Record<string, unknown>,
  pointer: string,
): { value: unknown; pointer: string } | null {
  if (param.schema !== undefined)
    return { value: param.schema, pointer: `${pointer}/schema` };
  if (!isRecord(param.content)) return null;
  const type = Object.keys(param.content).find(isJson);
  if (type === undefined) return null;
  const media = param.content[type];
  return isRecord(media) && media.schema !== undefined
    ? {
        value: media.schema,
        pointer: `${pointer}/content/${escapeToken(type)}/schema`,
      }
    : null;
}

/**
 * The JSON body: an object schema's properties each an input sent as a body field; any other
 * schema (a list, a scalar, a union) one input `body` sent whole (`body: { $input: body }`).
 */
function requestBody(
  ctx: OperationContext,
  o: Operation,
  inputs: InputBuilder,
  refs: Set<string>,
): Record<string, unknown> | null | string {
  if (o.op.requestBody === undefined) return null;
  const at = resolved(
    ctx.source.doc,
    o.op.requestBody,
    `${o.pointer}/requestBody`,
  );
  const rb = at.value;
  if (!isRecord(rb) || !isRecord(rb.content)) return null;
  const required = rb.required === true;
  if (o.method === "delete") {
    const why = "its DELETE request has a body, which the client does not send";
    if (required) return why;
    ctx.note(
      `${ctx.source.where(at.pointer)}: ${why}: the optional body is left out`,
    );
    return null;
  }
  const types = Object.keys(rb.content);
  const json = types.find(isJson);
  if (json === undefined) {
    const why = `its body is ${types.join(", ") || "of no media type"}, not JSON`;
    if (required) return why;
    ctx.note(
      `${ctx.source.where(at.pointer)}: ${why}: the optional body is left out`,
    );
    return null;
  }
  for (const other of types.filter((t) => t !== json))
    ctx.note(
      `${ctx.source.where(`${at.pointer}/content/${escapeToken(other)}`)}: the body is sent as ${json}, not ${other}`,
    );
  const media = rb.content[json];
  const schemaPointer = `${at.pointer}/content/${escapeToken(json)}/schema`;
  const raw = isRecord(media) ? media.schema : undefined;
  const root = resolved(ctx.source.doc, raw, schemaPointer);
  const s = root.value;
  const plainObject =
    isRecord(s) &&
    isRecord(s.properties) &&
    (s.type === "object" || s.type === undefined) &&
    !["allOf", "anyOf", "oneOf", "not", "if", "patternProperties"].some(
      (k) => k in s,
    ) &&
    (s.additionalProperties === undefined ||
      s.additionalProperties === false ||
      s.additionalProperties === true);
  if (!plainObject) {
    const schema = ctx.schemas.inline(raw ?? {}, schemaPointer, "input", refs);
    return { $input: inputs.add("body", "body", schema, required) };
  }
  if (s.additionalProperties === true)
    ctx.note(
      `${ctx.source.where(root.pointer)}: the body's other properties (additionalProperties) are not carried`,
    );
  const props = s.properties as Record<string, unknown>;
  const needed = new Set(
    Array.isArray(s.required) ? (s.required as string[]) : [],
  );
  const fields: Record<string, string> = {};
  for (const [field, sub] of Object.entries(props)) {
    const pointer = `${root.pointer}/properties/${escapeToken(field)}`;
    if (ctx.schemas.flagged(sub, pointer, "readOnly")) continue;
    const schema = ctx.schemas.inline(sub, pointer, "input", refs);
    fields[field] = inputs.add(
      field,
      "body",
      schema,
      required && needed.has(field),
    );
  }
  return fields;
}
