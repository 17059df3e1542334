import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import type { Emitter, GeneratedFile } from "../types.js";

/** The agent-facing prompt docs, rendered through Handlebars templates. */
export const emitDocs: Emitter = (model) => [manifest(model)];

function manifest(model: Model): GeneratedFile {
  return {
    path: "docs/package.json",
    content: packageJson({
      name: model.targets.docs.package,
      description: "The prompt texts that tell a model about its tools, generated from tools.yaml.",
      exports: { ".": { types: "./index.d.ts", default: "./index.js" } },
    }),
  };
}
