import type { Tool } from "../model/types.js";
import { schemaDeclaration } from "./schema-types.js";

/**
 * The TypeScript type of a tool's result, for every package whose typed layer returns one: the
 * client's methods and handlers, and any target that passes results on. A tool with `output`
 * has its own declared type, `<Pascal>Output`, generated from the schema; any other tool's
 * result is `unknown`.
 */
export function resultType(tool: Tool): string {
  return tool.output === null ? "unknown" : outputTypeName(tool);
}

/** `<Pascal>Output`: the name of the declared result type of a tool with `output`. */
export function outputTypeName(tool: Tool): string {
  return `${tool.pascalName}Output`;
}

/**
 * `export interface <Pascal>Output { … }` for a tool with `output`, null for any other: the
 * declaration resultType names, written once (in the client's index.d.ts) for others to import.
 */
export function resultDeclaration(tool: Tool): string | null {
  if (tool.output === null) return null;
  return schemaDeclaration(
    outputTypeName(tool),
    tool.output,
    `Result of ${tool.name}: ${tool.short}`,
  );
}
