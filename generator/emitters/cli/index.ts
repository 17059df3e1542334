import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import type { Emitter, GeneratedFile } from "../types.js";

/** The command map and a runnable CLI, for runtimes that cannot speak MCP. */
export const emitCli: Emitter = (model) => [manifest(model)];

function manifest(model: Model): GeneratedFile {
  return {
    path: "cli/package.json",
    content: packageJson({
      name: model.targets.cli.package,
      description: "The platform's tools as a command line, generated from tools.yaml.",
      exports: { ".": { types: "./index.d.ts", default: "./index.js" } },
      dependencies: { [model.targets.client.package]: "0.0.0" },
    }),
  };
}
