import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { stringLiteral } from "../../render/literal.js";
import { packageJson, siblingRange } from "../../render/package-json.js";
import { dataFile, runtimeFiles } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { functionCallingData } from "./data.js";
import { declarations } from "./declarations.js";

const DIR = "function-calling";

/**
 * OpenAI (Responses, Chat Completions) and Anthropic tool definitions for every spec tool, and
 * dispatch to run a model's tool call over the runtime client and local handlers. The package
 * needs neither provider's SDK: its definitions are plain data of the providers' shapes.
 */
export const emitFunctionCalling: Emitter = (model, ctx) => [
  packageJsonFile(model),
  dataFile(`${DIR}/tools.json`, functionCallingData(model)),
  { path: `${DIR}/index.js`, content: entry(model) },
  { path: `${DIR}/index.d.ts`, content: declarations(model) },
  ...runtimeFiles(ctx, DIR),
];

/** The glue: the client package is imported by its configured name and injected into the runtime. */
function entry(model: Model): string {
  return `${codeHeader}import { ClientError, tools, validateInput, withDefaults } from ${stringLiteral(declared(model, "client").package)};
import { anthropicTools as anthropic, chatTools, responsesTools } from "./runtime/definitions.js";
import { dispatcher } from "./runtime/dispatch.js";
import { loadData } from "./runtime/load.js";

export const openaiResponsesTools = responsesTools(tools);
export const openaiChatTools = chatTools(tools);
export const anthropicTools = anthropic(tools);

export const dispatchResult = dispatcher({
  data: loadData(new URL("./tools.json", import.meta.url)),
  tools,
  isClientError: (error) => error instanceof ClientError,
  validateInput,
  withDefaults,
});

export const dispatch = async (name, args, options) => (await dispatchResult(name, args, options)).text;
`;
}

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
      dependencies: { [client.package]: siblingRange(client.publish) },
    }),
  };
}
