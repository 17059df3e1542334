/**
 * The shape of the generated cli/commands.json, which toolgen writes from tools.yaml
 * (generator/emitters/cli/data.ts) with this type and the runner reads: every word the CLI
 * accepts comes from there, none from this code. The inputs' schemas are not repeated: load.ts
 * takes each from the client package's `tools`, so each input schema is written once.
 */
import type { EnvNames } from "../shared/data.js";

export interface InputData {
  readonly name: string;
  /** The `--kebab-case` option name without dashes, or null when the input is a positional argument. */
  readonly option: string | null;
  readonly required: boolean;
  /** Present on the last positional when it takes the rest of the words (`<task...>`), joined by spaces. */
  readonly variadic?: true;
}

export interface CommandData {
  readonly tool: string;
  /** The words that select the command, e.g. `delegate --async`. */
  readonly keyword: string;
  /** As declared, e.g. `delegate --async <workspace_id> <task>`. */
  readonly usage: string;
  readonly summary: string;
  /** The tool's description for the CLI (`cli.description`, else its `short`). */
  readonly description: string;
  /** Handled by the agent runtime's own code rather than by the platform's HTTP API. */
  readonly local: boolean;
  /** Positional arguments in order, then options, each in the schema's order; never an input the CLI hides. */
  readonly inputs: readonly InputData[];
}

export interface CommandsData {
  /** The package's own name, for messages that tell a runtime how to import it. */
  readonly package: string;
  readonly bin: string;
  readonly env: EnvNames;
  /** Every tool of a CLI-exposed section → its keyword, or null when deliberately not exposed. */
  readonly commandMap: { readonly [tool: string]: string | null };
  readonly commands: readonly CommandData[];
}
