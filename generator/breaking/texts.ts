import type { JsonPath } from "../read/parse.js";
import { about, type Subject } from "./changes.js";
import { length, signed } from "./json.js";

export interface TextPlace {
  /** What the text is, in the message: `short`, `input 'x' description`. */
  readonly what: string;
  /** The text's path in the current spec, and its parent's (where a removed text was). */
  readonly path: JsonPath;
  readonly parent: JsonPath;
  readonly input?: string;
}

/**
 * A text an agent reads, changed (added, removed or reworded): compatible, with how many
 * characters it grew or shrank. Values that are not text are left to the structure's checks.
 */
export function compareText(
  sub: Subject,
  b: unknown,
  c: unknown,
  at: TextPlace,
): void {
  const bt = typeof b === "string" ? b : undefined;
  const ct = typeof c === "string" ? c : undefined;
  if (bt === ct) return;
  const delta = length(ct ?? "") - length(bt ?? "");
  const how =
    bt === undefined ? "added" : ct === undefined ? "removed" : "changed";
  sub.push({
    change: "text-changed",
    tool: sub.tool,
    ...(at.input === undefined ? {} : { input: at.input }),
    message: `${about(sub.tool)}: ${at.what} ${how} (${signed(delta)} characters)`,
    path: ct === undefined ? at.parent : at.path,
    key: ct === undefined,
    delta,
  });
}
