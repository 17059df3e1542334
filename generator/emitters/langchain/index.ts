import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import type { Emitter, GeneratedFile } from "../types.js";

/** LangChain tools for every spec tool, over the runtime client and local handlers. */
export const emitLangchain: Emitter = (model) => [manifest(model)];

function manifest(model: Model): GeneratedFile {
  return {
    path: "langchain/package.json",
    content: packageJson({
      name: model.targets.langchain.package,
      description: "The platform's tools as LangChain tools, generated from tools.yaml.",
      exports: { ".": { types: "./index.d.ts", default: "./index.js" } },
      dependencies: { [model.targets.client.package]: "0.0.0" },
      peerDependencies: { "@langchain/core": "^1.4.0" },
    }),
  };
}
