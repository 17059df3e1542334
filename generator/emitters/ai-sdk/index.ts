import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { packageJson, clientRange } from "../../render/package-json.js";
import { packageEntry } from "../runtime.js";
import type { Emitter, GeneratedFile } from "../types.js";
import { declarations } from "./declarations.js";

const DIR = "ai-sdk";

/**
 * The AI SDK versions the runtime (runtime/ai-sdk/) is tested with: ai 6 on Node 20 and later,
 * ai 7 (Node 22 and later) under CI's Node 24.
 */
export const AI_SDK_RANGE = "^6.0.0 || ^7.0.0";

/**
 * Vercel AI SDK tools for every spec tool, over the runtime client and local handlers. Nothing
 * but the client package's name depends on the spec: the tools (names, descriptions, schemas)
 * come from the client package's table at run time.
 */
export const emitAiSdk: Emitter = (model) => [
  packageJsonFile(model),
  {
    path: `${DIR}/index.js`,
    content: packageEntry(model, {
      pkg: declared(model, "ai_sdk").package,
      kind: "ai-sdk",
      factory: "aiSdkPackage",
      exports: ["createTools"],
      data: null,
    }),
  },
  { path: `${DIR}/index.d.ts`, content: declarations(model) },
];

// Every emitter's index.ts has this shape on purpose (one folder per target, all alike:
// generator/emitters/types.ts); what differs is each package's own fields.
function packageJsonFile(model: Model): GeneratedFile {
  const aiSdk = declared(model, "ai_sdk");
  const client = declared(model, "client");
  return {
    path: `${DIR}/package.json`,
    content: packageJson({
      name: aiSdk.package,
      description:
        "The platform's tools as Vercel AI SDK tools, generated from tools.yaml.",
      publish: aiSdk.publish,
      exports: { ".": { types: "./index.d.ts", default: "./index.js" } },
      dependencies: { [client.package]: clientRange(client.publish) },
      peerDependencies: { ai: AI_SDK_RANGE },
    }),
  };
}
