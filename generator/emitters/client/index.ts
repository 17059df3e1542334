import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import { dataFile, runtimeFiles } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { indexJs } from "./code.js";
import { clientData } from "./data.js";
import { indexDts } from "./declarations.js";

/**
 * The runtime client: typed methods over the platform's HTTP API, routed per workspace.
 * The transport, routing and errors are runtime/client, copied verbatim; only the typed
 * layer (index.d.ts) and the data (tools.json) come from the spec.
 */
export const emitClient: Emitter = (model, ctx) => [
  packageJsonFile(model),
  { path: "client/index.js", content: indexJs() },
  { path: "client/index.d.ts", content: indexDts(model) },
  dataFile("client/tools.json", clientData(model)),
  ...runtimeFiles(ctx, "client"),
];

// Every emitter's index.ts has this shape on purpose (one folder per target, all alike:
// generator/emitters/types.ts); what differs is each package's own fields.
function packageJsonFile(model: Model): GeneratedFile {
  const client = declared(model, "client");
  return {
    path: "client/package.json",
    content: packageJson({
      name: client.package,
      description:
        "A typed client for the platform's HTTP API, generated from tools.yaml.",
      publish: client.publish,
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./tools.json": "./tools.json",
      },
      dependencies: { ajv: "^8.20.0", "ajv-formats": "^3.0.1" },
    }),
  };
}
