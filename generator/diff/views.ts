import { about, type Subject } from "./changes.js";
import { isRecord } from "./json.js";
import { compareText } from "./texts.js";

/** The per-target views a tool may have (raw `mcp:`, `langchain:` blocks, when the spec has them). */
const VIEWS = ["mcp", "langchain", "cli"] as const;

/** A tool hidden from a target (breaking) or shown again; a target's own description changed. */
export function compareViews(
  sub: Subject,
  b: Record<string, unknown>,
  c: Record<string, unknown>,
): void {
  for (const view of VIEWS) {
    const bv = isRecord(b[view]) ? b[view] : {};
    const cv = isRecord(c[view]) ? c[view] : {};
    const here = ["tools", sub.index, view];
    if ((bv.hide === true) !== (cv.hide === true))
      sub.push({
        change: cv.hide === true ? "tool-hidden" : "tool-shown",
        tool: sub.tool,
        message: `${about(sub.tool)}: ${cv.hide === true ? "hidden from" : "shown again on"} the ${view} target`,
        path: cv.hide === true ? [...here, "hide"] : ["tools", sub.index],
        key: cv.hide !== true,
      });
    compareText(sub, bv.description, cv.description, {
      what: `${view} description`,
      path: [...here, "description"],
      parent: ["tools", sub.index],
    });
  }
}
