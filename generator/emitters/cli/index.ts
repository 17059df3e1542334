import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import {
  packageJson,
  runtimePeer,
  clientRange,
} from "../../render/package-json.js";
import { dataFile } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { binJs, indexDts, indexJs } from "./code.js";
import { cliData } from "./data.js";

/** The command map and a runnable CLI, for runtimes that cannot speak MCP. */
export const emitCli: Emitter = (model) => [
  packageJsonFile(model),
  dataFile("cli/commands.json", cliData(model)),
  { path: "cli/index.js", content: indexJs(model) },
  { path: "cli/index.d.ts", content: indexDts(model) },
  { path: "cli/bin.js", content: binJs(model) },
];

// Every emitter's index.ts has this shape on purpose (one folder per target, all alike:
// generator/emitters/types.ts); what differs is each package's own fields.
function packageJsonFile(model: Model): GeneratedFile {
  const cli = declared(model, "cli");
  const client = declared(model, "client");
  return {
    path: "cli/package.json",
    content: packageJson({
      name: cli.package,
      description:
        "The platform's tools as a command line, generated from tools.yaml.",
      publish: cli.publish,
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./commands.json": "./commands.json",
      },
      bin: { [cli.bin]: "./bin.js" },
      dependencies: { [client.package]: clientRange(client.publish) },
      ...(cli.runtime !== null
        ? { peerDependencies: runtimePeer(cli.runtime, cli.runtimeVersion) }
        : {}),
    }),
  };
}
