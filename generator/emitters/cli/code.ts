import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { codeHeader } from "../../render/header.js";
import { propertyKey, stringLiteral } from "../../render/literal.js";
import { cliTools, commandMap } from "./data.js";

/** index.js: the command map and `main`, wiring the client package into the copied runtime. */
export function indexJs(model: Model): string {
  const client = stringLiteral(declared(model, "client").package);
  return `${codeHeader}import { createRequire } from "node:module";
import { ConfigError, createClientFromEnv, InputError, tools, UnknownWorkspaceError, validateInput, withDefaults } from ${client};
import { withSchemas } from "./runtime/load.js";
import { runCli } from "./runtime/run.js";

const data = withSchemas(
  createRequire(import.meta.url)("./commands.json"),
  tools,
);

const deps = {
  createClientFromEnv,
  validateInput,
  withDefaults,
  usageErrors: [ConfigError, InputError, UnknownWorkspaceError],
};

export const commandMap = Object.freeze(data.commandMap);

export function main(argv, options = {}) {
  return runCli(argv, data, deps, options);
}
`;
}

/**
 * index.d.ts: the map typed literally, the handlers of the local tools offered as commands,
 * and main's options (runtime/cli/surface.ts) bound to them.
 */
export function indexDts(model: Model): string {
  const client = stringLiteral(declared(model, "client").package);
  const map = Object.entries(commandMap(model)).map(
    ([tool, keyword]) =>
      `  readonly ${propertyKey(tool)}: ${keyword === null ? "null" : stringLiteral(keyword)};\n`,
  );
  const locals = cliTools(model).filter((t) => t.http === null);
  const handlers = locals.map(
    (t) =>
      `  readonly ${propertyKey(t.name)}?: LocalHandlers[${stringLiteral(t.name)}];\n`,
  );
  return `${codeHeader}import type { LocalHandlers, PlatformClient } from ${client};
import type * as Surface from "./runtime/surface.js";

/**
 * Every tool of a section exposed on the CLI, mapped to its command keyword,
 * or to null when the spec leaves it out of the CLI on purpose.
 */
export interface CommandMap ${block(map)}
export declare const commandMap: CommandMap;

/** Handlers for the local tools offered as commands (the bin takes them from targets.cli.runtime). */
export interface CliHandlers ${block(handlers)}
/** What a runtime package's createRuntime returns, as far as one command needs it. */
export type CommandRuntime = Surface.CommandRuntime<CliHandlers>;

/** main's options: handlers or a runtime for local tools, a client, env and output streams. */
export type MainOptions = Surface.MainOptions<CliHandlers, PlatformClient>;

/**
 * Runs one command line (argv without node and the script) and resolves to its exit code:
 * 0 success, 1 platform or network error, 2 usage error. Never calls process.exit.
 */
export declare function main(argv: readonly string[], options?: MainOptions): Promise<number>;

export {};
`;
}

/**
 * bin.js: the command. With `targets.cli.runtime`, a local tool's command is answered by that
 * package's createRuntime; without it, such a command says it has no handler and exits 1.
 */
export function binJs(model: Model): string {
  const runtime = declared(model, "cli").runtime;
  if (runtime === null) {
    return `#!/usr/bin/env node
${codeHeader}import { main } from "./index.js";

process.exitCode = await main(process.argv.slice(2));
`;
  }
  // Imported only for a local tool's command: --help and the HTTP commands work without it.
  return `#!/usr/bin/env node
${codeHeader}import { main } from "./index.js";

process.exitCode = await main(process.argv.slice(2), {
  runtime: async (client, env) => {
    const { createRuntime } = await import(${stringLiteral(runtime)});
    return createRuntime({ client, env });
  },
});
`;
}

/** An interface body, one member a line (an empty one stays `{}`). */
function block(members: readonly string[]): string {
  return members.length === 0 ? "{}\n" : `{\n${members.join("")}}\n`;
}
