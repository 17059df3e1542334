import type {
  PromptData,
  ResourceData,
  ResourceTemplateData,
} from "../../runtime/mcp/catalog-data.js";
import type { RawSpec } from "./raw.js";
import type { ModelCatalog } from "./types.js";

/** The name of the prompt holding the docs target's whole MCP prompt; a section's is `prompt.<id>`. */
export const DOCS_PROMPT = "prompt";

/** The names the docs' prompts take, in the order listed: what a declared prompt may not be named. */
export function docsPromptNames(sectionIds: readonly string[]): string[] {
  return [DOCS_PROMPT, ...sectionIds.map((id) => `${DOCS_PROMPT}.${id}`)];
}

/** Each optional key only when declared, keys in the order MCP lists them. */
export function buildCatalog(raw: RawSpec): ModelCatalog {
  return {
    prompts: (raw.prompts ?? []).map((p): PromptData => ({
      name: p.name,
      ...(p.title === undefined ? {} : { title: p.title }),
      ...(p.description === undefined ? {} : { description: p.description }),
      ...(p.arguments === undefined
        ? {}
        : {
            arguments: p.arguments.map((a) => ({
              name: a.name,
              ...(a.description === undefined
                ? {}
                : { description: a.description }),
              ...(a.required === undefined ? {} : { required: a.required }),
              ...(a.enum === undefined ? {} : { enum: a.enum }),
            })),
          }),
      from:
        p.template === undefined ? { runtime: true } : { template: p.template },
    })),
    resources: (raw.resources ?? []).map((r): ResourceData => ({
      uri: r.uri,
      name: r.name,
      ...described(r),
      ...(r.text === undefined ? {} : { text: r.text }),
    })),
    resourceTemplates: (raw.resource_templates ?? []).map(
      (t): ResourceTemplateData => {
        const completions = (t.parameters ?? []).flatMap((p) =>
          p.enum === undefined ? [] : [[p.name, p.enum] as const],
        );
        return {
          uriTemplate: t.uri_template,
          name: t.name,
          ...described(t),
          ...(completions.length === 0
            ? {}
            : { completions: Object.fromEntries(completions) }),
        };
      },
    ),
  };
}

function described(r: {
  title?: string;
  mime_type?: string;
  description?: string;
}): { title?: string; mimeType?: string; description?: string } {
  return {
    ...(r.title === undefined ? {} : { title: r.title }),
    ...(r.mime_type === undefined ? {} : { mimeType: r.mime_type }),
    ...(r.description === undefined ? {} : { description: r.description }),
  };
}
