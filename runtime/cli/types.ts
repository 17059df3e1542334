/**
 * The shapes the runner works with: commands.json (data.ts) with each input's schema joined
 * from the client package's tools (load.ts).
 */
import type { Json } from "../shared/data.js";
import type { CommandData, CommandsData, InputData } from "./data.js";

export type { Json };

/** The subset of JSON Schema the argument converter looks at; anything else is left to validateInput. */
export interface InputSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly Json[];
  readonly items?: InputSchema;
  readonly default?: Json;
  readonly description?: string;
}

export interface CliInput extends InputData {
  /** The input's schema in its tool's input schema; empty when the schema declares none. */
  readonly schema: InputSchema;
}

export interface CliCommandSpec extends Omit<CommandData, "inputs"> {
  readonly inputs: readonly CliInput[];
}

export interface CliData extends Omit<CommandsData, "commands"> {
  readonly commands: readonly CliCommandSpec[];
}
