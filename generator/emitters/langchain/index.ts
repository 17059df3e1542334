import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { packageJson, clientRange } from "../../render/package-json.js";
import { dataFile, packageEntry } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { langchainData } from "./data.js";
import { declarations } from "./declarations.js";

const DIR = "langchain";

/** The @langchain/core versions the runtime (runtime/langchain/) works with. */
export const LANGCHAIN_RANGE = "^1.4.0";

/** LangChain tools for every spec tool, over the runtime client and local handlers. */
export const emitLangchain: Emitter = (model) => [
  packageJsonFile(model),
  dataFile(`${DIR}/tools.json`, langchainData(model)),
  {
    path: `${DIR}/index.js`,
    content: packageEntry(model, {
      pkg: declared(model, "langchain").package,
      kind: "langchain",
      factory: "langchainPackage",
      exports: ["createTools"],
      data: "./tools.json",
    }),
  },
  { path: `${DIR}/index.d.ts`, content: declarations(model) },
];

// Every emitter's index.ts has this shape on purpose (one folder per target, all alike:
// generator/emitters/types.ts); what differs is each package's own fields.
function packageJsonFile(model: Model): GeneratedFile {
  const langchain = declared(model, "langchain");
  const client = declared(model, "client");
  return {
    path: `${DIR}/package.json`,
    content: packageJson({
      name: langchain.package,
      description:
        "The platform's tools as LangChain tools, generated from tools.yaml.",
      publish: langchain.publish,
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./tools.json": "./tools.json",
      },
      dependencies: { [client.package]: clientRange(client.publish) },
      peerDependencies: { "@langchain/core": LANGCHAIN_RANGE },
    }),
  };
}
