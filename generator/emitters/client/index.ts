import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import type { Emitter, GeneratedFile } from "../types.js";

/** The runtime client: typed methods over the platform's HTTP API, routed per workspace. */
export const emitClient: Emitter = (model) => [manifest(model)];

function manifest(model: Model): GeneratedFile {
  return {
    path: "client/package.json",
    content: packageJson({
      name: model.targets.client.package,
      description: "A typed client for the platform's HTTP API, generated from tools.yaml.",
      exports: { ".": { types: "./index.d.ts", default: "./index.js" } },
      dependencies: { ajv: "^8.20.0", "ajv-formats": "^3.0.1" },
    }),
  };
}
