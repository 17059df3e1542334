import fs from "node:fs";
import type { ToolInfo } from "../shared/data.js";
import { deepFreeze } from "../shared/freeze.js";
import { viewSchema } from "../shared/views.js";
import type { LangchainData } from "./data.js";
import type { ToolTable } from "./types.js";

/**
 * Reads tools.json beside the generated index.js and joins it to the client package's `tools`
 * (section, description, input schema). Read rather than imported: Node 20 prints an
 * ExperimentalWarning for JSON modules, which would land in every agent's logs.
 */
export function loadToolTable(url: URL, tools: readonly ToolInfo[]): ToolTable {
  const data = JSON.parse(fs.readFileSync(url, "utf8")) as LangchainData;
  const own = new Map(data.tools.map((t) => [t.name, t]));
  // Frozen so that a consumer cannot change, through one createTools call, what the next one builds.
  return deepFreeze({
    sections: data.sections,
    tools: tools.map((t) => {
      const extra = own.get(t.name);
      const view = t.views.langchain;
      return {
        name: t.name,
        section: t.section,
        description: view.description,
        whenToUse: extra?.whenToUse ?? "",
        local: t.local,
        renamedFrom: extra?.renamedFrom ?? [],
        inputSchema: viewSchema(t.inputSchema, view.hidden),
        hidden: view.hidden,
      };
    }),
  });
}
