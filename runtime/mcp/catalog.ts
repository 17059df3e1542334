import type {
  CatalogData,
  PromptData,
  ResourceData,
  ResourceTemplateData,
} from "./catalog-data.js";
import type {
  CatalogContext,
  CatalogOptions,
  PromptMessage,
  ResourceAnswer,
  ResourceContents,
} from "./catalog-handlers.js";
import { renderTemplate } from "./prompt-template.js";
import { parseUriTemplate, uriMatcher } from "./uri-template.js";
import { INVALID_PARAMS } from "./results.js";
import { deepFreeze } from "../shared/freeze.js";

/** The prompts package's texts the docs' prompts read: its `mcpPrompt` and `sections`. */
export interface DocsTexts {
  readonly prompt: string;
  readonly sections: { readonly [id: string]: { readonly mcp: string } };
}

/** tools.json's prompts and resources, with the texts of the docs' prompts and each template's matcher. */
export interface Catalog {
  readonly prompts: readonly PromptData[];
  readonly resources: readonly ResourceData[];
  readonly templates: readonly (ResourceTemplateData & {
    readonly match: (uri: string) => Record<string, string> | null;
  })[];
  readonly docs: DocsTexts | null;
}

/** A JSON-RPC error the SDKs send with its own code. */
export class CatalogError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "CatalogError";
  }
}

export function loadCatalog(
  data: Partial<CatalogData>,
  docs: DocsTexts | null,
): Catalog {
  const templates = (data.resourceTemplates ?? []).map((t) => {
    const parsed = parseUriTemplate(t.uriTemplate);
    if (!("parts" in parsed))
      throw new Error(
        `tools.json: resource template ${t.uriTemplate}: ${parsed.problem}`,
      );
    return { ...t, match: uriMatcher(parsed.parts) };
  });
  return deepFreeze({
    prompts: data.prompts ?? [],
    resources: data.resources ?? [],
    templates,
    docs,
  });
}

/** Whether the catalog has anything to serve, by capability. */
export function catalogCapabilities(catalog: Catalog): {
  prompts?: object;
  resources?: object;
  completions?: object;
} {
  const resources = catalog.resources.length + catalog.templates.length > 0;
  const completes =
    catalog.templates.length > 0 ||
    catalog.prompts.some((p) => (p.arguments ?? []).length > 0);
  return {
    ...(catalog.prompts.length > 0 ? { prompts: {} } : {}),
    ...(resources ? { resources: {} } : {}),
    ...(completes ? { completions: {} } : {}),
  };
}

/** prompts/list's prompts: each as declared, without where its text comes from. */
export function listPrompts(catalog: Catalog): object[] {
  return catalog.prompts.map(({ from: _, ...p }) => ({
    ...p,
    ...(p.arguments === undefined
      ? {}
      : { arguments: p.arguments.map(({ enum: _e, ...a }) => a) }),
  }));
}

export async function getPrompt(
  catalog: Catalog,
  options: CatalogOptions,
  params: { name?: unknown; arguments?: unknown },
  ctx: CatalogContext,
): Promise<{ description?: string; messages: PromptMessage[] }> {
  const prompt = catalog.prompts.find((p) => p.name === params.name);
  if (prompt === undefined)
    throw new CatalogError(
      INVALID_PARAMS,
      `Unknown prompt ${JSON.stringify(params.name)} (known: ${catalog.prompts.map((p) => p.name).join(", ")})`,
    );
  const args = textArguments(params.arguments);
  const missing = (prompt.arguments ?? []).filter(
    (a) => a.required === true && !Object.hasOwn(args, a.name),
  );
  if (missing.length > 0)
    throw new CatalogError(
      INVALID_PARAMS,
      `Prompt ${prompt.name} needs the argument${missing.length === 1 ? "" : "s"} ${missing.map((a) => a.name).join(", ")}`,
    );
  const described =
    prompt.description === undefined ? {} : { description: prompt.description };
  const { from } = prompt;
  if ("runtime" in from) {
    const handler = options.prompts?.[prompt.name];
    if (typeof handler !== "function")
      throw new Error(
        `this runtime has no handler for the prompt ${prompt.name}`,
      );
    const answer = await handler(args, ctx);
    if (typeof answer === "string")
      return { ...described, messages: [userText(answer)] };
    if (!Array.isArray(answer?.messages))
      throw new Error(
        `the runtime's prompt ${prompt.name} answered neither a text nor { messages }`,
      );
    return { ...described, ...answer, messages: [...answer.messages] };
  }
  const text =
    "template" in from
      ? renderTemplate(from.template, args)
      : from.docs === null
        ? catalog.docs?.prompt
        : catalog.docs?.sections[from.docs]?.mcp;
  if (text === undefined)
    throw new Error(`the prompts package has no text for ${prompt.name}`);
  return { ...described, messages: [userText(text)] };
}

function userText(text: string): PromptMessage {
  return { role: "user", content: { type: "text", text } };
}

/** The arguments as texts: MCP's prompt arguments are strings; anything else is refused. */
function textArguments(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  const entries = typeof value === "object" ? Object.entries(value) : [];
  const bad = entries.filter(([, v]) => typeof v !== "string").map(([k]) => k);
  if (typeof value !== "object" || Array.isArray(value) || bad.length > 0)
    throw new CatalogError(
      INVALID_PARAMS,
      `Prompt arguments are texts${bad.length > 0 ? `: ${bad.join(", ")} is not` : ""}`,
    );
  return Object.fromEntries(entries) as Record<string, string>;
}

/** resources/list's and resources/templates/list's entries: as declared, less the text and completions. */
export function listResources(catalog: Catalog): object[] {
  return catalog.resources.map(({ text: _, ...r }) => r);
}

export function listTemplates(catalog: Catalog): object[] {
  return catalog.templates.map(({ match: _, completions: _c, ...t }) => t);
}

export async function readResource(
  catalog: Catalog,
  options: CatalogOptions,
  uri: unknown,
  ctx: CatalogContext,
): Promise<{ contents: ResourceContents[] }> {
  if (typeof uri !== "string")
    throw new CatalogError(INVALID_PARAMS, "resources/read needs a uri");
  const resource = catalog.resources.find((r) => r.uri === uri);
  let template: (typeof catalog.templates)[number] | undefined;
  let params: Record<string, string> | null = null;
  if (resource === undefined)
    for (const t of catalog.templates) {
      params = t.match(uri);
      if (params !== null) {
        template = t;
        break;
      }
    }
  const mimeType = resource?.mimeType ?? template?.mimeType;
  if (resource === undefined && template === undefined)
    // -32602, as SEP-2164 settles it and the TypeScript SDK's McpServer answers (not -32002).
    throw new CatalogError(INVALID_PARAMS, `Resource not found: ${uri}`);
  if (resource?.text !== undefined)
    return {
      contents: [{ uri, ...(mimeType && { mimeType }), text: resource.text }],
    };
  const reader = options.resources?.read;
  if (typeof reader !== "function")
    throw new Error(`this runtime reads no resources, so not ${uri}`);
  const answer: ResourceAnswer = await reader(
    { uri, template: template?.uriTemplate ?? null, params: params ?? {} },
    ctx,
  );
  if (typeof answer === "string")
    return { contents: [{ uri, ...(mimeType && { mimeType }), text: answer }] };
  if (answer instanceof Uint8Array)
    return {
      contents: [
        {
          uri,
          ...(mimeType && { mimeType }),
          blob: Buffer.from(answer).toString("base64"),
        },
      ],
    };
  if (!Array.isArray(answer) || !answer.every(isContents))
    throw new Error(
      `the runtime's read of ${uri} answered neither a text, bytes nor [{ uri, text | blob }]`,
    );
  return { contents: [...answer] };
}

function isContents(value: unknown): boolean {
  const c = value as Partial<ResourceContents> | null;
  return (
    typeof c?.uri === "string" &&
    (typeof c.text === "string" || typeof c.blob === "string")
  );
}

/** completion/complete's values: the declared enum's that start with the value, else the completer's. */
export async function complete(
  catalog: Catalog,
  options: CatalogOptions,
  request: Parameters<NonNullable<CatalogOptions["complete"]>>[0],
  ctx: CatalogContext,
): Promise<{
  completion: { values: string[]; total: number; hasMore: boolean };
}> {
  const { ref, argument } = request;
  let declared: readonly string[] | undefined;
  if (ref.type === "ref/prompt") {
    const prompt = catalog.prompts.find((p) => p.name === ref.name);
    if (prompt === undefined)
      throw new CatalogError(
        INVALID_PARAMS,
        `Unknown prompt ${JSON.stringify(ref.name)}`,
      );
    declared = prompt.arguments?.find((a) => a.name === argument.name)?.enum;
  } else {
    const template = catalog.templates.find((t) => t.uriTemplate === ref.uri);
    if (template === undefined)
      throw new CatalogError(
        INVALID_PARAMS,
        `Unknown resource template ${JSON.stringify(ref.uri)}`,
      );
    declared = template.completions?.[argument.name];
  }
  // The runtime's values are its own choice; a declared enum's are those the value begins.
  const values =
    declared === undefined
      ? [...((await options.complete?.(request, ctx)) ?? [])]
      : declared.filter((v) => v.startsWith(argument.value ?? ""));
  // MCP allows 100 values an answer.
  return {
    completion: {
      values: values.slice(0, 100),
      total: values.length,
      hasMore: values.length > 100,
    },
  };
}
