import type {
  CatalogData,
  PromptData,
} from "../../../runtime/mcp/catalog-data.js";
import type { Model } from "../../model/types.js";
import { docsPromptNames } from "../../model/catalog.js";

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
