import type { LangchainData } from "../../../runtime/langchain/data.js";
import { oncePerModel } from "../../model/once.js";
import type { Model } from "../../model/types.js";

/**
 * The LangChain package's tools.json, typed by the runtime's own declaration of it: what a tool
 * has for LangChain beyond the client package's tools.json (section, short, input schema), which
 * the runtime joins it to, so that each input schema is written once.
 */
export const langchainData = oncePerModel((model: Model): LangchainData => ({
  sections: model.sections.map((s) => s.id),
  tools: model.tools.map((t) => ({
    name: t.name,
    whenToUse: t.whenToUse,
    renamedFrom: t.renamedFrom,
  })),
}));
