import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import { dataFile, runtimeFiles } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { binJs, indexDts, indexJs } from "./code.js";
import { cliData } from "./commands.js";

/** The command map and a runnable CLI, for runtimes that cannot speak MCP. */
export const emitCli: Emitter = (model, ctx) => [
  packageJsonFile(model),
  dataFile("cli/commands.json", cliData(model)),
  { path: "cli/index.js", content: indexJs(model) },
  { path: "cli/index.d.ts", content: indexDts(model) },
  { path: "cli/bin.js", content: binJs(model) },
  ...runtimeFiles(ctx, "cli"),
];

function packageJsonFile(model: Model): GeneratedFile {
  const cli = declared(model, "cli");
  return {
    path: "cli/package.json",
    content: packageJson({
      name: cli.package,
      description:
        "The platform's tools as a command line, generated from tools.yaml.",
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./commands.json": "./commands.json",
      },
      bin: { [cli.bin]: "./bin.js" },
      dependencies: {
        [declared(model, "client").package]: "0.0.0",
        ...runtimeDependency(cli.runtime),
      },
    }),
  };
}

/** The runtime package the bin starts, as a dependency, when the target names one. */
function runtimeDependency(runtime: string | null): Record<string, string> {
  return runtime === null ? {} : { [runtime]: "0.0.0" };
}
