import type { Model } from "../../model/types.js";
import { printJsonWithHeader } from "../../render/json.js";
import { packageJson } from "../../render/package-json.js";
import type { Emitter, GeneratedFile } from "../types.js";

/** The MCP package: the tool table an MCP server lists, byte for byte the spec's names, shorts and inputs. */
export const emitMcp: Emitter = (model) => [
  manifest(model),
  { path: "mcp/tools.json", content: printJsonWithHeader({ tools: toolTable(model) }) },
];

function toolTable(model: Model) {
  return model.tools.map((t) => ({ name: t.name, description: t.short, inputSchema: t.input }));
}

function manifest(model: Model): GeneratedFile {
  return {
    path: "mcp/package.json",
    content: packageJson({
      name: model.targets.mcp.package,
      description: "The platform's tools for MCP servers, generated from tools.yaml.",
      exports: { ".": { types: "./index.d.ts", default: "./index.js" }, "./tools.json": "./tools.json" },
      dependencies: { [model.targets.client.package]: "0.0.0" },
      peerDependencies: { "@modelcontextprotocol/sdk": "^1.32.2" },
    }),
  };
}
