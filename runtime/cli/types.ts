/**
 * The shape of commands.json, which toolgen writes from tools.yaml and the runner reads:
 * every word the CLI accepts comes from there, none from this code.
 */

export type Json =
  | null
  | boolean
  | number
  | string
  | readonly Json[]
  | { readonly [key: string]: Json };

/** The subset of JSON Schema the argument converter looks at; anything else is left to validateInput. */
export interface InputSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly Json[];
  readonly items?: InputSchema;
  readonly default?: Json;
  readonly description?: string;
}

export interface CliInput {
  readonly name: string;
  /** The `--kebab-case` option name without dashes, or null when the input is a positional argument. */
  readonly option: string | null;
  readonly required: boolean;
  readonly schema: InputSchema;
}

export interface CliCommandSpec {
  readonly tool: string;
  /** The words that select the command, e.g. `delegate --async`. */
  readonly keyword: string;
  /** As declared, e.g. `delegate --async <workspace_id> <task>`. */
  readonly usage: string;
  readonly summary: string;
  /** The tool's one-line description. */
  readonly description: string;
  /** Handled by the agent runtime's own code rather than by the platform's HTTP API. */
  readonly local: boolean;
  /** Positional arguments in order, then options, each in the schema's order. */
  readonly inputs: readonly CliInput[];
}

export interface CliEnvNames {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly token: string;
  readonly workspaces: string;
}

export interface CliData {
  /** The package's own name, for messages that tell a runtime how to import it. */
  readonly package: string;
  readonly bin: string;
  readonly env: CliEnvNames;
  /** Every tool of a CLI-exposed section → its keyword, or null when deliberately not exposed. */
  readonly commandMap: { readonly [tool: string]: string | null };
  readonly commands: readonly CliCommandSpec[];
}
