/**
 * The client package's entry (its `runtime/client` module, which its index.js re-exports): every
 * export, bound to the package's own tools.json (beside this module's folder). Read with
 * require, since JSON modules warn on Node 20.
 */
import { createRequire } from "node:module";
import { bindClient, type BoundClient } from "./index.js";

export type * from "./index.js";
export * from "./errors.js";

const bound: BoundClient = bindClient(
  createRequire(import.meta.url)("../tools.json"),
);

export const tools: BoundClient["tools"] = bound.tools;
export const validateInput: BoundClient["validateInput"] = bound.validateInput;
export const validateOutput: BoundClient["validateOutput"] =
  bound.validateOutput;
export const withDefaults: BoundClient["withDefaults"] = bound.withDefaults;
export const createClient: BoundClient["createClient"] = bound.createClient;
export const createClientFromEnv: BoundClient["createClientFromEnv"] =
  bound.createClientFromEnv;
export {
  audioContent,
  embeddedResource,
  imageContent,
  isToolResult,
  resourceLink,
  textContent,
  toolResult,
} from "../shared/tool-result.js";
