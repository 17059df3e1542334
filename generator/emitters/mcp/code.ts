import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { stringLiteral } from "../../render/literal.js";
import { siblingImports } from "../../render/siblings.js";

/**
 * The package's entry: its exports are the client package's MCP runtime (`runtime/mcp`, through
 * mcpPackage), bound to this package's tools.json, the client package, the prompts package's MCP
 * prompt and this package's own loaders of the SDK lines. Everything spec-specific is in the JSON.
 */
export function indexJs(model: Model): string {
  const mcp = declared(model, "mcp");
  return `${codeHeader}${imports(model, null)}const { mcpPackage } = await import(${runtimeSubpath(model)});
${SDK_LOADERS}
export const { tools, instructions, localTools, serveTools, createServer, createHttpHandler } = await mcpPackage({ client, data: new URL("./tools.json", import.meta.url), pkg: ${stringLiteral(mcp.package)}, sdks, instructions: ${instructionsValue(model)}, docs: ${docsValue(model)} });
`;
}

/**
 * The server a user puts in an agent's MCP configuration: stdio, or Streamable HTTP with --http
 * (runMcpBin). With `targets.mcp.runtime`, it imports that package's createRuntime and serves its
 * handlers for the local tools.
 */
export function binJs(model: Model): string {
  const mcp = declared(model, "mcp");
  const runtime =
    mcp.runtime === null
      ? "null"
      : `{ name: ${stringLiteral(mcp.runtime)}, load: () => import(${stringLiteral(mcp.runtime)}) }`;
  return `#!/usr/bin/env node
${codeHeader}${imports(model, mcp.bin)}const { runMcpBin } = await import(${runtimeSubpath(model)});
${SDK_LOADERS}
process.exitCode = await runMcpBin({ client, data: new URL("../tools.json", import.meta.url), pkg: ${stringLiteral(mcp.package)}, program: ${stringLiteral(mcp.bin)}, sdks, instructions: ${instructionsValue(model)}, docs: ${docsValue(model)}, runtime: ${runtime} });
`;
}

/**
 * This package's own import() of each SDK line, passed to the runtime, so that the SDK resolves
 * from the MCP package (which names it as a peer), not from the client package the runtime is in.
 */
const SDK_LOADERS = `const sdks = {
  v2: () => Promise.all([import("@modelcontextprotocol/server"), import("@modelcontextprotocol/server/stdio")]),
  v1: () => Promise.all([import("@modelcontextprotocol/sdk/server/index.js"), import("@modelcontextprotocol/sdk/server/stdio.js"), import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"), import("@modelcontextprotocol/sdk/types.js")]),
};
`;

/** The client package (and the prompts package with the docs target), each reported in one line when missing. */
function imports(model: Model, program: string | null): string {
  return siblingImports(declared(model, "mcp").package, program, [
    ["client", declared(model, "client").package],
    ...(model.targets.docs === null
      ? []
      : [
          ["{ mcpPrompt, sections }", declared(model, "docs").package] as const,
        ]),
  ]);
}

function runtimeSubpath(model: Model): string {
  return stringLiteral(`${declared(model, "client").package}/runtime/mcp`);
}

/**
 * Whether the server sends instructions: the prompts package's MCP prompt, unless the spec has no
 * docs target or says `instructions: false`. The text lives once, in that package, which the
 * server also serves as prompts with the docs target, instructions or not.
 */
export function sendsInstructions(model: Model): boolean {
  return model.targets.docs !== null && declared(model, "mcp").instructions;
}

/** The prompts package's texts the server serves as prompts (catalog.ts lists them). */
function docsValue(model: Model): string {
  return model.targets.docs === null
    ? "null"
    : "{ prompt: mcpPrompt, sections }";
}

function instructionsValue(model: Model): string {
  return sendsInstructions(model) ? "mcpPrompt" : "null";
}
