import { NO_CONTENT } from "../shared/result-text.js";

/**
 * What an AI SDK tool answers the model. A structured answer stays a value (the AI SDK sends it
 * as JSON). A tool without an output schema that answered nothing says so in a sentence, since
 * an empty result confuses models; a tool with one answers exactly what its schema typed.
 */
export function resultValue(value: unknown, typed: boolean): unknown {
  // The client answers null for a response without a body (204).
  return !typed && (value === undefined || value === null) ? NO_CONTENT : value;
}
