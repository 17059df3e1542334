import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { stringLiteral } from "../../render/literal.js";
import { packageJson, siblingRange } from "../../render/package-json.js";
import { dataFile, runtimeFiles } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { langchainData } from "./data.js";
import { declarations } from "./declarations.js";

const DIR = "langchain";

/** LangChain tools for every spec tool, over the runtime client and local handlers. */
export const emitLangchain: Emitter = (model, ctx) => [
  packageJsonFile(model),
  dataFile(`${DIR}/tools.json`, langchainData(model)),
  { path: `${DIR}/index.js`, content: entry(model) },
  { path: `${DIR}/index.d.ts`, content: declarations(model) },
  ...runtimeFiles(ctx, DIR),
];

/** The glue: the client package is imported by its configured name and injected into the runtime. */
function entry(model: Model): string {
  return `${codeHeader}import { ClientError, tools, withDefaults } from ${stringLiteral(declared(model, "client").package)};
import { toolFactory } from "./runtime/create-tools.js";
import { loadToolTable } from "./runtime/load.js";

const data = loadToolTable(new URL("./tools.json", import.meta.url), tools);

export const createTools = toolFactory({
  data,
  isClientError: (error) => error instanceof ClientError,
  withDefaults,
});
`;
}

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
      dependencies: { [client.package]: siblingRange(client.publish) },
      peerDependencies: { "@langchain/core": "^1.4.0" },
    }),
  };
}
