import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { printJsonWithHeader } from "../../render/json.js";
import { stringLiteral } from "../../render/literal.js";
import { packageJson } from "../../render/package-json.js";
import type { EmitContext, Emitter, GeneratedFile } from "../types.js";
import { declarations } from "./declarations.js";

const DIR = "langchain";

/** LangChain tools for every spec tool, over the runtime client and local handlers. */
export const emitLangchain: Emitter = (model, ctx) => [
  packageJsonFile(model),
  { path: `${DIR}/tools.json`, content: printJsonWithHeader(toolData(model)) },
  { path: `${DIR}/index.js`, content: entry(model) },
  { path: `${DIR}/index.d.ts`, content: declarations(model) },
  ...runtime(ctx),
];

/** What the runtime reads (runtime/langchain/types.ts, ToolData): all spec text lives here, as data. */
function toolData(model: Model) {
  return {
    sections: model.sections.map((s) => s.id),
    tools: model.tools.map((t) => ({
      name: t.name,
      section: t.sectionId,
      description: t.short,
      whenToUse: t.whenToUse,
      local: t.http === null,
      renamedFrom: t.renamedFrom,
      inputSchema: t.input,
    })),
  };
}

/** The glue: the client package is imported by its configured name and injected into the runtime. */
function entry(model: Model): string {
  return `${codeHeader}import { ClientError, withDefaults } from ${stringLiteral(model.targets.client.package)};
import { toolFactory } from "./runtime/create-tools.js";
import { loadToolData } from "./runtime/load.js";

const data = loadToolData(new URL("./tools.json", import.meta.url));

export const createTools = toolFactory({
  data,
  isClientError: (error) => error instanceof ClientError,
  withDefaults,
});
`;
}

function runtime(ctx: EmitContext): GeneratedFile[] {
  return ctx.runtimeFolder(DIR).map((f) => ({
    path: `${DIR}/runtime/${f.path}`,
    content: codeHeader + f.content,
  }));
}

function packageJsonFile(model: Model): GeneratedFile {
  return {
    path: `${DIR}/package.json`,
    content: packageJson({
      name: model.targets.langchain.package,
      description:
        "The platform's tools as LangChain tools, generated from tools.yaml.",
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./tools.json": "./tools.json",
      },
      dependencies: { [model.targets.client.package]: "0.0.0" },
      peerDependencies: { "@langchain/core": "^1.4.0" },
    }),
  };
}
