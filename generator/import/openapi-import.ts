import { isRecord } from "../../runtime/shared/record.js";
import { printable } from "../../runtime/shared/printable.js";
import { isSemver } from "../validate/semver.js";
import type { ImportDoc, ImportedTool } from "./import-doc.js";
import {
  operationName,
  selected,
  snakeName,
  unique,
  type Filter,
} from "./openapi-names.js";
import {
  operationParts,
  type Operation,
  type OperationContext,
} from "./openapi-operation.js";
import { operationOutput } from "./openapi-output.js";
import { checkRefs, resolved } from "./openapi-refs.js";
import { SchemaConverter, escapeToken } from "./openapi-schema.js";
import { OpenApiError, type OpenApiSource } from "./openapi-source.js";
import { baseUrl, clientAuth } from "./openapi-targets.js";
import { capped } from "./openapi-text.js";

export interface OpenApiOptions {
  /** The base of the package, bin and environment names (default: from info.title). */
  readonly name?: string;
  readonly include: readonly Filter[];
  readonly exclude: readonly Filter[];
  /** How the spec's comments name the document. */
  readonly shown: string;
}

/** The methods a tool can bind; OpenAPI's others (head, options, trace) are reported. */
const METHODS = ["get", "put", "post", "delete", "patch"];
const OTHER_METHODS = ["head", "options", "trace"];

/** An import, and where each tool's operation is in the document (`file#/pointer (line:col)`). */
export interface OpenApiImport {
  readonly doc: ImportDoc;
  readonly places: ReadonlyMap<string, string>;
}

/** An OpenAPI document's operations as an import (docs/import.md: the rules). */
export function importOpenApi(
  source: OpenApiSource,
  options: OpenApiOptions,
): OpenApiImport {
  try {
    return imported(source, options);
  } catch (e) {
    if (e instanceof OpenApiError)
      throw new OpenApiError(source.located(e.problems));
    throw e;
  }
}

function imported(
  source: OpenApiSource,
  options: OpenApiOptions,
): OpenApiImport {
  checkRefs(source);
  const doc = source.doc;
  const notes: string[] = [];
  const note = (line: string) => notes.push(line);
  const info = isRecord(doc.info) ? doc.info : {};
  const title =
    typeof info.title === "string" && info.title.trim() !== ""
      ? info.title.trim()
      : "api";
  const base = packageBase(options.name ?? title);
  const env = base.toUpperCase().replace(/-/g, "_");
  const operations = listOperations(source, note);
  duplicateIds(source, operations);
  const chosen = operations.filter((o) =>
    selected(o, options.include, options.exclude),
  );
  if (chosen.length === 0)
    throw new OpenApiError([
      operations.length === 0
        ? `${options.shown}: the document has no operation to import${isRecord(doc.webhooks) ? " (its webhooks are calls the API makes: no tool calls them)" : ""}`
        : `${options.shown}: --include/--exclude leave none of its ${operations.length} operations`,
    ]);
  const auth = clientAuth(source, env, note, chosen);
  const apiKey = isRecord(auth?.api_key) ? auth.api_key : undefined;
  const ctx: OperationContext = {
    source,
    schemas: new SchemaConverter(source, note),
    note,
    ...(apiKey === undefined
      ? {}
      : {
          credential: {
            ...(typeof apiKey.header === "string"
              ? { header: apiKey.header }
              : {}),
            ...(typeof apiKey.query === "string"
              ? { query: apiKey.query }
              : {}),
          },
        }),
  };

  const sections = new Map<string, Record<string, unknown>>();
  const defaultSection = snakeName(base);
  const tagged = new Map<string, string>();
  const tags = Array.isArray(doc.tags) ? doc.tags.filter(isRecord) : [];
  const sectionOf = (tag: string | undefined): string => {
    if (tag === undefined) {
      if (!sections.has(defaultSection))
        sections.set(defaultSection, {
          id: defaultSection,
          heading: oneLine(title),
          label: oneLine(title),
        });
      return defaultSection;
    }
    let id = tagged.get(tag);
    if (id === undefined) {
      id = unique(
        snakeName(tag),
        new Set([
          ...sections.keys(),
          ...(tag === defaultSection ? [] : [defaultSection]),
        ]),
      );
      tagged.set(tag, id);
      const declared = tags.find((t) => t.name === tag);
      const heading =
        oneLine(
          typeof declared?.["x-displayName"] === "string"
            ? declared["x-displayName"]
            : tag,
        ) || id;
      sections.set(id, { id, heading, label: heading });
    }
    return id;
  };

  const names = new Set<string>();
  const places = new Map<string, string>();
  const tools: ImportedTool[] = [];
  for (const o of chosen) {
    const where = source.where(o.pointer);
    const parts = operationParts(ctx, o);
    if (typeof parts === "string") {
      note(
        `${where}: ${o.method.toUpperCase()} ${o.path} not imported: ${parts}`,
      );
      continue;
    }
    const wanted = operationName(o.operationId, o.method, o.path);
    const name = unique(wanted, names);
    names.add(name);
    places.set(name, where);
    if (name !== wanted)
      note(
        `${where}: ${o.method.toUpperCase()} ${o.path} is named ${name}: ${wanted} was taken`,
      );
    for (const key of ["callbacks", "servers"])
      if (o.op[key] !== undefined)
        note(
          `${source.where(`${o.pointer}/${key}`)}: the operation's ${key} are not carried`,
        );
    for (const [code, r] of Object.entries(
      isRecord(o.op.responses) ? o.op.responses : {},
    ))
      if (isRecord(r) && r.links !== undefined)
        note(
          `${source.where(`${o.pointer}/responses/${escapeToken(code)}/links`)}: the ${code} response's links are not carried`,
        );
    const output = operationOutput(ctx, o);
    const summary = firstLine(o.op.summary);
    const description =
      typeof o.op.description === "string" && o.op.description.trim() !== ""
        ? o.op.description.trim()
        : null;
    const short = capped(
      summary ??
        firstLine(description) ??
        `${o.method.toUpperCase()} ${o.path}`,
      `${source.where(`${o.pointer}/summary`)}: the summary`,
      note,
    );
    const whenToUse = capped(
      description ?? short,
      `${source.where(`${o.pointer}/description`)}: the description`,
      note,
    );
    const filled = [
      "section",
      ...(summary === null ? ["short"] : []),
      ...(description === null ? ["when_to_use"] : []),
    ];
    tools.push({
      comment: `${o.method.toUpperCase()} ${printable(o.path)}${o.operationId === undefined ? "" : ` (${printable(o.operationId)})`}`,
      tool: {
        name,
        section: sectionOf(o.tags[0]),
        short,
        when_to_use: whenToUse,
        // Each tool its own copy: schemas converted once are shared, and YAML would alias them.
        input: structuredClone(parts.input),
        ...(output === undefined ? {} : { output: structuredClone(output) }),
        http: parts.http,
      },
      filled,
    });
  }
  if (tools.length === 0)
    throw new OpenApiError([
      `${options.shown}: none of its operations can be imported:`,
      ...notes,
    ]);
  if (isRecord(doc.webhooks))
    note(
      `${source.where("/webhooks")}: webhooks are not carried (the API calls you; no tool calls it)`,
    );
  const version = typeof info.version === "string" ? info.version : undefined;
  if (version !== undefined && !isSemver(version))
    note(
      `${source.where("/info/version")}: the version ${JSON.stringify(version)} is not semver: the packages are 0.0.0`,
    );

  const url = baseUrl(source, note);
  const doc2: ImportDoc = {
    header: [
      `Imported by toolgen import openapi from ${printable(options.shown)} (${printable(title)}${version === undefined ? "" : ` ${printable(version)}`}, OpenAPI ${printable(String(doc.openapi))}).`,
      "Each tool is one operation; the comment above it names the operation.",
    ],
    ...(version !== undefined && isSemver(version) ? { version } : {}),
    targets: targets(base, env, title, url, auth),
    sections: [...sections.values()],
    tools,
    // A re-import removes an output the document no longer gives.
    carries: ["output"],
    // Text from the document is printed one line each, its controls escaped.
    notes: source.located([...new Set(notes)]).map(printable),
  };
  const names2 = [...places.keys()];
  const where2 = source.located([...places.values()]).map(printable);
  return { doc: doc2, places: new Map(names2.map((n, i) => [n, where2[i]!])) };
}

function targets(
  base: string,
  env: string,
  title: string,
  url: string | undefined,
  auth: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return {
    client: {
      package: `${base}-client`,
      ...(url === undefined ? {} : { base_url: url }),
      env: { base_url: `${env}_URL` },
      ...(auth === undefined ? {} : { auth }),
    },
    mcp: {
      package: `${base}-mcp`,
      bin: `${base}-mcp`,
      server_name: oneLine(title) || base,
    },
    langchain: { package: `${base}-langchain` },
    ai_sdk: { package: `${base}-ai-sdk` },
    function_calling: { package: `${base}-function-calling` },
    cli: { package: `${base}-cli`, bin: base },
    docs: {
      package: `${base}-prompts`,
      preamble: `These tools call the ${oneLine(title)} API over HTTP, one tool per operation.`,
    },
    python: {
      package: `${base}-tools`,
      module: `${base.replace(/-/g, "_")}_tools`,
    },
  };
}

/** Every operation of `paths`, in the document's order; methods toolgen cannot bind are reported. */
function listOperations(
  source: OpenApiSource,
  note: (line: string) => void,
): Operation[] {
  const out: Operation[] = [];
  const paths = isRecord(source.doc.paths) ? source.doc.paths : {};
  for (const [path, raw] of Object.entries(paths)) {
    const itemPointer = `/paths/${escapeToken(path)}`;
    const item = resolved(source.doc, raw, itemPointer).value;
    if (!isRecord(item)) continue;
    if (item.servers !== undefined)
      note(
        `${source.where(`${itemPointer}/servers`)}: the path's servers are not carried`,
      );
    for (const [method, op] of Object.entries(item)) {
      const pointer = `${itemPointer}/${method}`;
      if (OTHER_METHODS.includes(method)) {
        note(
          `${source.where(pointer)}: ${method.toUpperCase()} ${path} not imported: the client sends GET, PUT, POST, DELETE and PATCH`,
        );
        continue;
      }
      if (!METHODS.includes(method) || !isRecord(op)) continue;
      const tags = Array.isArray(op.tags)
        ? op.tags.filter((t): t is string => typeof t === "string")
        : [];
      out.push({
        method,
        path,
        pointer,
        op,
        pathItem: item,
        tags,
        ...(typeof op.operationId === "string"
          ? { operationId: op.operationId }
          : {}),
      });
    }
  }
  return out;
}

/** Two operations with one operationId: the document is invalid (OpenAPI: ids are unique). */
function duplicateIds(
  source: OpenApiSource,
  operations: readonly Operation[],
): void {
  const first = new Map<string, Operation>();
  const problems: string[] = [];
  for (const o of operations) {
    if (o.operationId === undefined) continue;
    const before = first.get(o.operationId);
    if (before === undefined) first.set(o.operationId, o);
    else
      problems.push(
        `${source.where(`${o.pointer}/operationId`)}: operationId ${JSON.stringify(o.operationId)} is also ${before.method.toUpperCase()} ${before.path}'s: operationIds must be unique`,
      );
  }
  if (problems.length > 0) throw new OpenApiError(problems);
}

/** The base of package names: npm's lowercase letters, digits and dashes. */
export function packageBase(text: string): string {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return (words.join("-").replace(/^[^a-z]+/, "") || "api")
    .slice(0, 40)
    .replace(/-+$/, "");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function firstLine(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const line = text
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map((l) => l.trim())
    .find((l) => l !== "");
  return line ?? null;
}
