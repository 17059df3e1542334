import fs from "node:fs";
import type { ToolData } from "./types.js";

/**
 * Reads tools.json beside the generated index.js. Read rather than imported: Node 20 prints an
 * ExperimentalWarning for JSON modules, which would land in every agent's logs.
 */
export function loadToolData(url: URL): ToolData {
  return deepFreeze(JSON.parse(fs.readFileSync(url, "utf8")) as ToolData);
}

/** Frozen so that a consumer cannot change, through one createTools call, what the next one builds. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
