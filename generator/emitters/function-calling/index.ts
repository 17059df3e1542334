import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { packageJson, clientRange } from "../../render/package-json.js";
import { dataFile, packageEntry } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { functionCallingData } from "./data.js";
import { declarations } from "./declarations.js";

const DIR = "function-calling";

/**
 * OpenAI (Responses, Chat Completions) and Anthropic tool definitions for every spec tool, and
 * dispatch to run a model's tool call over the runtime client and local handlers. The package
 * needs neither provider's SDK: its definitions are plain data of the providers' shapes.
 */
export const emitFunctionCalling: Emitter = (model) => [
  packageJsonFile(model),
  dataFile(`${DIR}/tools.json`, functionCallingData(model)),
  {
    path: `${DIR}/index.js`,
    content: packageEntry(model, {
      pkg: declared(model, "function_calling").package,
      kind: "function-calling",
      factory: "functionCallingPackage",
      exports: [
        "openaiResponsesTools",
        "openaiChatTools",
        "anthropicTools",
        "dispatchResult",
        "dispatch",
      ],
      data: "./tools.json",
    }),
  },
  { path: `${DIR}/index.d.ts`, content: declarations(model) },
];

// Every emitter's index.ts has this shape on purpose (one folder per target, all alike:
// generator/emitters/types.ts); what differs is each package's own fields.
function packageJsonFile(model: Model): GeneratedFile {
  const own = declared(model, "function_calling");
  const client = declared(model, "client");
  return {
    path: `${DIR}/package.json`,
    content: packageJson({
      name: own.package,
      description:
        "The platform's tools as OpenAI and Anthropic tool definitions, with dispatch, generated from tools.yaml.",
      publish: own.publish,
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./tools.json": "./tools.json",
      },
      dependencies: { [client.package]: clientRange(client.publish) },
    }),
  };
}
