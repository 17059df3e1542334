import { mainType } from "../../runtime/cli/main-type.js";
import { resolveLocal } from "../../runtime/cli/refs.js";

/**
 * The type the CLI reads an input's value as: `mainType` of its schema with local refs resolved
 * against the tool's input schema. Both functions are written once, in the CLI runtime, which
 * reads the arguments by them at run time; the generator decides by the same ones which inputs
 * are flags.
 */
export function cliType(schema: unknown, root: unknown): string {
  return mainType(resolveLocal(schema, root));
}
