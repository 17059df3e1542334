/**
 * What the CLI package imports from the client package's `runtime/cli` subpath: its index.js
 * builds its exports with cliPackage(), passing in the client package's module and its own
 * commands.json.
 */
import fs from "node:fs";
import type { ClientModule } from "../shared/client-parts.js";
import type { CommandsData } from "./data.js";
import { withSchemas } from "./load.js";
import { runCli, type RunOptions } from "./run.js";

export type * as Surface from "./surface.js";

/** The CLI package's exports (typed for one spec by its index.d.ts). */
export interface CliPackage {
  readonly commandMap: Readonly<Record<string, string | null>>;
  readonly main: (
    argv: readonly string[],
    options?: RunOptions,
  ) => Promise<number>;
}

export function cliPackage(client: ClientModule, commands: URL): CliPackage {
  // Read rather than imported: Node 20 prints an ExperimentalWarning for JSON modules.
  const data = withSchemas(
    JSON.parse(fs.readFileSync(commands, "utf8")) as CommandsData,
    client.tools,
  );
  const deps = {
    createClientFromEnv: client.createClientFromEnv,
    validateInput: client.validateInput,
    withDefaults: client.withDefaults as (
      name: string,
      input: object,
    ) => object,
    usageErrors: [
      client.ConfigError,
      client.InputError,
      client.UnknownWorkspaceError,
    ],
  };
  return {
    commandMap: Object.freeze(data.commandMap),
    main: (argv, options = {}) => runCli(argv, data, deps, options),
  };
}
