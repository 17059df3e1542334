import fs from "node:fs";
import path from "node:path";
import { packageRoot } from "../package-root.js";
import { compileTemplate } from "../render/handlebars.js";
import type { ProjectNames } from "./names.js";

/** Where init's templates live: shipped in the npm package beside the prompt-doc templates. */
export const initTemplatesFolder = path.join(packageRoot, "templates", "init");

/**
 * The texts init writes whole: the example spec and the CI workflow, rendered for the project's
 * names; `workingDirectory` (the project's folder in its repository, or null: the root) goes into
 * the workflow as a YAML double-quoted string, so that no folder name can change its meaning.
 */
export function initTexts(
  names: ProjectNames,
  workingDirectory: string | null,
): {
  spec: string;
  workflow: string;
} {
  const render = (file: string) => {
    const full = path.join(initTemplatesFolder, file);
    return compileTemplate(
      `templates/init/${file}`,
      fs.readFileSync(full, "utf8"),
    ).render({
      ...names,
      workingDirectory:
        workingDirectory === null ? null : JSON.stringify(workingDirectory),
    });
  };
  return {
    spec: render("tools.yaml.hbs"),
    workflow: render("toolgen.yml.hbs"),
  };
}
