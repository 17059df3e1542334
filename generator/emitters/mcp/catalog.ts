import type {
  CatalogData,
  PromptData,
} from "../../../runtime/mcp/catalog-data.js";
import type { Model } from "../../model/types.js";

/** The name of the prompt holding the docs target's whole MCP prompt; a section's is `prompt.<id>`. */
export const DOCS_PROMPT = "prompt";

/** The names the docs' prompts take, in the order listed: what a declared prompt may not be named. */
export function docsPromptNames(sectionIds: readonly string[]): string[] {
  return [DOCS_PROMPT, ...sectionIds.map((id) => `${DOCS_PROMPT}.${id}`)];
}

/**
 * The prompts and resources of the MCP package's tools.json, each list only when not empty:
 * with the docs target, the whole prompt and each section's as prompts (their texts stay in the
 * prompts package), then the prompts, resources and templates tools.yaml declares.
 */
export function catalogData(model: Model): Partial<CatalogData> {
  const prompts = [...docsPrompts(model), ...model.catalog.prompts];
  const { resources, resourceTemplates } = model.catalog;
  return {
    ...(prompts.length === 0 ? {} : { prompts }),
    ...(resources.length === 0 ? {} : { resources }),
    ...(resourceTemplates.length === 0 ? {} : { resourceTemplates }),
  };
}

function docsPrompts(model: Model): PromptData[] {
  if (model.targets.docs === null) return [];
  const [whole, ...sections] = docsPromptNames(model.sections.map((s) => s.id));
  return [
    {
      name: whole!,
      title: "How to use the tools",
      description:
        "The whole prompt that tells a model about these tools, section by section.",
      from: { docs: null },
    },
    ...model.sections.map((s, i): PromptData => ({
      name: sections[i]!,
      title: s.heading,
      description: `The prompt's section on ${s.label}: how to use its tools.`,
      from: { docs: s.id },
    })),
  ];
}
