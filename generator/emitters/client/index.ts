import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { packageJson } from "../../render/package-json.js";
import { AI_SDK_RANGE } from "../ai-sdk/index.js";
import { LANGCHAIN_RANGE } from "../langchain/index.js";
import { dataFile, declaredKinds, runtimeFiles } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { indexJs } from "./code.js";
import { clientData } from "./data.js";
import { indexDts } from "./declarations.js";

/**
 * The runtime client: typed methods over the platform's HTTP API, routed per workspace.
 * The transport, routing and errors are runtime/client, bundled and copied verbatim; only the
 * typed layer (index.d.ts) and the data (tools.json) come from the spec. It also carries the
 * runtime of every other declared target (`runtime/<kind>`), which those packages import.
 */
export const emitClient: Emitter = (model, ctx) => [
  packageJsonFile(model),
  { path: "client/index.js", content: indexJs() },
  { path: "client/index.d.ts", content: indexDts(model) },
  dataFile("client/tools.json", clientData(model)),
  ...runtimeFiles(model, ctx),
];

// Every emitter's index.ts has this shape on purpose (one folder per target, all alike:
// generator/emitters/types.ts); what differs is each package's own fields.
function packageJsonFile(model: Model): GeneratedFile {
  const client = declared(model, "client");
  return {
    path: "client/package.json",
    content: packageJson({
      name: client.package,
      description:
        "A typed client for the platform's HTTP API, generated from tools.yaml.",
      publish: client.publish,
      exports: {
        ".": { types: "./index.d.ts", default: "./index.js" },
        ...Object.fromEntries(
          declaredKinds(model)
            .filter((kind) => kind !== "client")
            .map((kind) => [
              `./runtime/${kind}`,
              {
                types: `./runtime/${kind}.d.ts`,
                default: `./runtime/${kind}.js`,
              },
            ]),
        ),
        "./tools.json": "./tools.json",
      },
      dependencies: { ajv: "^8.20.0", "ajv-formats": "^3.0.1" },
      ...runtimePeers(model),
    }),
  };
}

/**
 * The libraries the runtime kinds of the declared targets import, resolved from this package's
 * folder: optional peers, in the ranges their packages name.
 */
function runtimePeers(model: Model): {
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional: boolean }>;
} {
  const peers = {
    ...(model.targets.langchain !== null
      ? { "@langchain/core": LANGCHAIN_RANGE }
      : {}),
    ...(model.targets.ai_sdk !== null ? { ai: AI_SDK_RANGE } : {}),
  };
  const names = Object.keys(peers);
  return names.length === 0
    ? {}
    : {
        peerDependencies: peers,
        peerDependenciesMeta: Object.fromEntries(
          names.map((n) => [n, { optional: true }]),
        ),
      };
}
