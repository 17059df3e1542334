import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { printJsonWithHeader } from "../../render/json.js";
import { packageJson } from "../../render/package-json.js";
import type { EmitContext, Emitter, GeneratedFile } from "../types.js";
import { binJs, indexJs } from "./code.js";
import { indexDts } from "./declarations.js";

/**
 * The MCP package: the tool table (tools.json, byte for byte the spec's names, shorts and
 * inputs), its typed layer, the server wiring copied from runtime/mcp, and a stdio bin.
 */
export const emitMcp: Emitter = (model, ctx) => [
  packageJsonFile(model),
  { path: "mcp/tools.json", content: printJsonWithHeader(toolTable(model)) },
  { path: "mcp/index.js", content: indexJs(model) },
  { path: "mcp/index.d.ts", content: indexDts(model) },
  { path: `mcp/bin/${model.targets.mcp.bin}.js`, content: binJs(model) },
  ...runtime(ctx),
];

/** The data runtime/mcp/table.ts reads (its ToolTableData). */
function toolTable(model: Model) {
  const { mcp, client } = model.targets;
  return {
    server: {
      name: mcp.serverName,
      bin: mcp.bin,
      environment: { ...client.env },
    },
    tools: model.tools.map((t) => ({
      name: t.name,
      description: t.short,
      inputSchema: t.input,
    })),
    local: model.tools.filter((t) => t.http === null).map((t) => t.name),
    renamed: Object.fromEntries(
      model.tools.flatMap((t) => t.renamedFrom.map((old) => [old, t.name])),
    ),
  };
}

function runtime(ctx: EmitContext): GeneratedFile[] {
  return ctx.runtimeFolder("mcp").map((f) => ({
    path: `mcp/runtime/${f.path}`,
    content: codeHeader + f.content,
  }));
}

function packageJsonFile(model: Model): GeneratedFile {
  const bin = model.targets.mcp.bin;
  return {
    path: "mcp/package.json",
    content: packageJson({
      name: model.targets.mcp.package,
      description:
        "The platform's tools for MCP servers, generated from tools.yaml.",
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./tools.json": "./tools.json",
      },
      bin: { [bin]: `./bin/${bin}.js` },
      dependencies: {
        [model.targets.client.package]: "0.0.0",
        ...(model.targets.mcp.runtime === null
          ? {}
          : { [model.targets.mcp.runtime]: "0.0.0" }),
      },
      peerDependencies: { "@modelcontextprotocol/sdk": "^1.32.2" },
    }),
  };
}
