import { codeHeader } from "../../render/header.js";

/**
 * The package's entry point. It holds nothing from the spec: the runtime builds every
 * export from tools.json (read with require, since JSON modules warn on Node 20).
 */
export function indexJs(): string {
  return `${codeHeader}import { createRequire } from "node:module";
import { bindClient } from "./runtime/index.js";

const bound = bindClient(createRequire(import.meta.url)("./tools.json"));

export const tools = bound.tools;
export const validateInput = bound.validateInput;
export const validateOutput = bound.validateOutput;
export const withDefaults = bound.withDefaults;
export const createClient = bound.createClient;
export const createClientFromEnv = bound.createClientFromEnv;
export * from "./runtime/errors.js";
`;
}
