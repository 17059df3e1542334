import { codeHeader } from "../../render/header.js";

/**
 * The package's entry point. It holds nothing from the spec: the client runtime's module
 * (runtime/client/package.ts) builds every export from the package's tools.json.
 */
export function indexJs(): string {
  return `${codeHeader}export * from "./runtime/client.js";\n`;
}
