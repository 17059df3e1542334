import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import {
  packageJson,
  runtimePeer,
  clientRange,
  siblingRange,
} from "../../render/package-json.js";
import { dataFile } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { binJs, indexJs } from "./code.js";
import { mcpData } from "./data.js";
import { indexDts } from "./declarations.js";

/**
 * The MCP package: its data (tools.json: the server's names, the tools' former names), its typed
 * layer (the server wiring is the client package's runtime/mcp), and a stdio bin. The tools it lists come
 * from the client package's tools, byte for byte the spec's names, shorts and inputs.
 */
export const emitMcp: Emitter = (model) => [
  packageJsonFile(model),
  dataFile("mcp/tools.json", mcpData(model)),
  { path: "mcp/index.js", content: indexJs(model) },
  { path: "mcp/index.d.ts", content: indexDts(model) },
  { path: `mcp/bin/${declared(model, "mcp").bin}.js`, content: binJs(model) },
];

// Every emitter's index.ts has this shape on purpose (one folder per target, all alike:
// generator/emitters/types.ts); what differs is each package's own fields.
function packageJsonFile(model: Model): GeneratedFile {
  const mcp = declared(model, "mcp");
  const client = declared(model, "client");
  const bin = mcp.bin;
  return {
    path: "mcp/package.json",
    content: packageJson({
      name: mcp.package,
      description:
        "The platform's tools for MCP servers, generated from tools.yaml.",
      publish: mcp.publish,
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        "./tools.json": "./tools.json",
      },
      bin: { [bin]: `./bin/${bin}.js` },
      dependencies: {
        [client.package]: clientRange(client.publish),
        // The server's instructions and its docs' prompts are the prompts package's texts, read from there.
        ...(model.targets.docs !== null
          ? {
              [declared(model, "docs").package]: siblingRange(
                declared(model, "docs").publish,
              ),
            }
          : {}),
      },
      // Either SDK line serves. npm installs 1.x with the package (toolgen init's projects rely on
      // it); 2.x is an optional peer, used when the user installs it.
      peerDependencies: {
        "@modelcontextprotocol/sdk": "^1.32.2",
        "@modelcontextprotocol/server": "^2.4.0",
        ...runtimePeer(mcp.runtime, mcp.runtimeVersion),
      },
      peerDependenciesMeta: {
        "@modelcontextprotocol/server": { optional: true },
      },
    }),
  };
}
