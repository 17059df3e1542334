import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { docsFiles } from "./files.js";

/**
 * The agent-facing prompt docs, rendered through Handlebars templates (toolgen's own,
 * or the user's from targets.docs.templates or --templates): Markdown files, and the
 * same texts as string constants. The pipeline renders them (prompt-docs/) and checks
 * them (validate/rendered-docs.ts) before any emitter runs.
 */
export const emitDocs: Emitter = (model, ctx) => {
  if (ctx.docs === null)
    throw new Error("the prompt docs were not rendered for the docs target");
  return [packageJsonFile(model), ...docsFiles(ctx.docs)];
};

function packageJsonFile(model: Model): GeneratedFile {
  const docs = declared(model, "docs");
  return {
    path: "docs/package.json",
    content: packageJson({
      name: docs.package,
      description:
        "The prompt texts that tell a model about its tools, generated from tools.yaml.",
      publish: docs.publish,
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./*.md": "./*.md",
      },
    }),
  };
}
