import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { stringLiteral } from "../../render/literal.js";

/**
 * The package's entry: binds the copied runtime to this spec's tools.json and to the client
 * package. Everything spec-specific lives in the JSON; this file only wires.
 */
export function indexJs(model: Model): string {
  return `${codeHeader}${clientImport(model, ["tools as clientTools", "validateInput", "validateOutput", "withDefaults"])}${promptImport(model)}import { createHttpHandler as createToolHttpHandler } from "./runtime/http.js";
import { importSdks } from "./runtime/sdk.js";
import { createToolServer, serveToolTable } from "./runtime/serve.js";
import { loadToolTable } from "./runtime/table.js";

const table = loadToolTable(new URL("./tools.json", import.meta.url), {
  tools: clientTools,
  validate: validateInput,
  withDefaults,
  validateOutput,
  sdks: await importSdks(${stringLiteral(declared(model, "mcp").package)}),
  instructions: ${instructionsValue(model)},
});

export const tools = table.tools;

export const instructions = table.server.instructions ?? undefined;

export const localTools = table.local;

export function serveTools(server, options) {
  serveToolTable(table, server, options);
}

export function createServer(options) {
  return createToolServer(table, options);
}

export function createHttpHandler(options) {
  return createToolHttpHandler(table, options, process.env);
}
`;
}

/**
 * The server a user puts in an agent's MCP configuration: stdio, or Streamable HTTP with --http. With `targets.mcp.runtime`, it
 * imports that package's createRuntime and serves its handlers for the local tools.
 */
export function binJs(model: Model): string {
  const mcp = declared(model, "mcp");
  const runtime = mcp.runtime;
  const runtimeImport =
    runtime === null
      ? ""
      : 'import { importRuntimeForBin } from "../runtime/runtime-package.js";\n';
  // A peer dependency that may be missing: one line on stderr naming it, exit 2, as for the SDK.
  const runtimeLoad =
    runtime === null
      ? ""
      : `
// Without the runtime package of the local tools: one line on stderr naming it, exit 2.
const runtime = await importRuntimeForBin(() => import(${stringLiteral(runtime)}), ${stringLiteral(runtime)}, ${stringLiteral(mcp.package)}, ${stringLiteral(mcp.bin)}, (text) => process.stderr.write(text));
if (runtime === undefined) process.exit(2);
`;
  const runtimeOption =
    runtime === null
      ? ""
      : "  createRuntime: (client) => runtime.createRuntime({ client, env: process.env }),\n";
  return `#!/usr/bin/env node
${codeHeader}${clientImport(model, ["createClientFromEnv", "tools as clientTools", "validateInput", "validateOutput", "withDefaults"])}${promptImport(model)}${runtimeImport}import { importSdksForBin } from "../runtime/sdk.js";
import { runStdio } from "../runtime/stdio.js";
import { loadToolTable } from "../runtime/table.js";

// Without either MCP SDK line: one line on stderr naming what to install, exit 2.
const sdks = await importSdksForBin(${stringLiteral(mcp.package)}, ${stringLiteral(mcp.bin)}, (text) => process.stderr.write(text));
if (sdks === undefined) process.exit(2);
${runtimeLoad}
const table = loadToolTable(new URL("../tools.json", import.meta.url), {
  tools: clientTools,
  validate: validateInput,
  withDefaults,
  validateOutput,
  sdks,
  instructions: ${instructionsValue(model)},
});

process.exitCode = await runStdio({
  table,
  argv: process.argv.slice(2),
  createClient: () => createClientFromEnv(process.env),
${runtimeOption}  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
});
`;
}

function clientImport(model: Model, names: readonly string[]): string {
  return `import { ${names.join(", ")} } from ${stringLiteral(declared(model, "client").package)};\n`;
}

/**
 * Whether the server sends instructions: the prompts package's MCP prompt, unless the spec has no
 * docs target or says `instructions: false`. The text lives once, in that package.
 */
export function sendsInstructions(model: Model): boolean {
  return model.targets.docs !== null && declared(model, "mcp").instructions;
}

function promptImport(model: Model): string {
  return sendsInstructions(model)
    ? `import { mcpPrompt } from ${stringLiteral(declared(model, "docs").package)};\n`
    : "";
}

function instructionsValue(model: Model): string {
  return sendsInstructions(model) ? "mcpPrompt" : "null";
}
