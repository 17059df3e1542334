import { declared } from "../../model/targets.js";
import type { Model } from "../../model/types.js";
import { boundDeclarations } from "../../render/bindings.js";
import { codeHeader } from "../../render/header.js";
import { propertyKey, stringLiteral } from "../../render/literal.js";
import { packageEntry } from "../runtime.js";
import { cliTools, commandMap } from "./data.js";

/** index.js: the command map and `main`, from the client package's CLI runtime (`runtime/cli`) and commands.json. */
export function indexJs(model: Model): string {
  return packageEntry(model, {
    pkg: declared(model, "cli").package,
    kind: "cli",
    factory: "cliPackage",
    exports: ["commandMap", "main"],
    data: "./commands.json",
  });
}

/**
 * index.d.ts: the map typed literally, the handlers of the local tools offered as commands,
 * and main's options (runtime/cli/surface.ts) bound to them.
 */
export function indexDts(model: Model): string {
  const map = Object.entries(commandMap(model)).map(
    ([tool, keyword]) =>
      `  readonly ${propertyKey(tool)}: ${keyword === null ? "null" : stringLiteral(keyword)};\n`,
  );
  const locals = cliTools(model).filter((t) => t.http === null);
  const handlers = locals.map(
    (t) =>
      `  readonly ${propertyKey(t.name)}?: LocalHandlers[${stringLiteral(t.name)}];\n`,
  );
  return boundDeclarations({
    client: declared(model, "client").package,
    kind: "cli",
    imports: ["LocalHandlers", "PlatformClient"],
    reexports: [],
    own: `/**
 * Every tool of a section exposed on the CLI, mapped to its command keyword,
 * or to null when the spec leaves it out of the CLI on purpose.
 */
export interface CommandMap ${block(map)}
/** Handlers for the local tools offered as commands (the bin takes them from targets.cli.runtime). */
export interface CliHandlers ${block(handlers)}
`,
    spec: [
      ["commandMap", "CommandMap"],
      ["handlers", "CliHandlers"],
      ["client", "PlatformClient"],
    ],
    types: [
      ["CommandRuntime", "Surface.CommandRuntime<CliHandlers>"],
      ["MainOptions", "Surface.MainOptions<CliHandlers, PlatformClient>"],
    ],
    values: ["commandMap", "main"],
  });
}

/**
 * bin.js: the command, this package's main. A missing client package (index.js's one-line
 * error) is one line on stderr and exit 2. With `targets.cli.runtime`, a local tool's command is
 * answered by that package's createRuntime (imported only for such a command: --help and the
 * HTTP commands work without it); without it, such a command says it has no handler and exits 1.
 */
export function binJs(model: Model): string {
  const cli = declared(model, "cli");
  const options =
    cli.runtime === null
      ? ""
      : `, { runtime: async (client, env) => (await import(${stringLiteral(cli.runtime)})).createRuntime({ client, env }) }`;
  return `#!/usr/bin/env node
${codeHeader}const { main } = await import("./index.js").catch((error) => { if (error?.code !== "ERR_MISSING_PACKAGE") throw error; process.stderr.write(${stringLiteral(`${cli.bin}: `)} + error.message + "\\n"); process.exit(2); });
process.exitCode = await main(process.argv.slice(2)${options});
`;
}

/** An interface body, one member a line (an empty one stays `{}`). */
function block(members: readonly string[]): string {
  return members.length === 0 ? "{}\n" : `{\n${members.join("")}}\n`;
}
