import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { checkBudget, checkMentions, checkRenamedNames } from "./checks.js";
import { docsFiles } from "./files.js";
import { renderDocs } from "./render.js";
import { loadTemplates } from "./templates.js";

/**
 * The agent-facing prompt docs, rendered through Handlebars templates (toolgen's own,
 * or the user's from targets.docs.templates or --templates): Markdown files, and the
 * same texts as string constants.
 */
export const emitDocs: Emitter = (model, ctx) => {
  checkMentions(model, (p) => ctx.reportProblem(p));
  const templates = loadTemplates(model.targets.docs.templates, ctx.cwd, (d) =>
    ctx.report(d),
  );
  const texts = templates && renderDocs(model, templates, (d) => ctx.report(d));
  if (!texts) return [packageJsonFile(model)];
  checkRenamedNames(model, texts, (d) => ctx.report(d));
  checkBudget(model, texts, (p) => ctx.reportProblem(p));
  return [packageJsonFile(model), ...docsFiles(texts)];
};

function packageJsonFile(model: Model): GeneratedFile {
  return {
    path: "docs/package.json",
    content: packageJson({
      name: model.targets.docs.package,
      description:
        "The prompt texts that tell a model about its tools, generated from tools.yaml.",
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./*.md": "./*.md",
      },
    }),
  };
}
