import fs from "node:fs";
import type { FunctionCallingData } from "./data.js";

/**
 * Reads tools.json beside the generated index.js. Read rather than imported: Node 20 prints an
 * ExperimentalWarning for JSON modules, which would land in every agent's logs.
 */
export function loadData(url: URL): FunctionCallingData {
  return JSON.parse(fs.readFileSync(url, "utf8")) as FunctionCallingData;
}
