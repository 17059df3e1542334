import { about, type Subject } from "./changes.js";
import { isRecord } from "../../runtime/shared/record.js";
import { compareText } from "./texts.js";

/** The targets a tool may give a view of its own (`mcp:`, `langchain:`, `ai_sdk:`, `function_calling:`, `cli:` blocks). */
const VIEWS = [
  "mcp",
  "langchain",
  "ai_sdk",
  "function_calling",
  "cli",
] as const;

/**
 * An input a target newly hides (breaking: callers on that target can no longer give it) or shows
 * again (compatible); a target's own description changed (a text).
 */
export function compareViews(
  sub: Subject,
  b: Record<string, unknown>,
  c: Record<string, unknown>,
): void {
  for (const view of VIEWS) {
    const bv = isRecord(b[view]) ? b[view] : {};
    const cv = isRecord(c[view]) ? c[view] : {};
    const here = ["tools", sub.index, view];
    const before = names(bv.hide);
    const after = names(cv.hide);
    after.forEach((input, i) => {
      if (!before.includes(input))
        sub.push({
          change: "input-hidden",
          tool: sub.tool,
          input,
          message: `${about(sub.tool, input)}: hidden from the ${view} target`,
          path: [...here, "hide", i],
        });
    });
    for (const input of before)
      if (!after.includes(input))
        sub.push({
          change: "input-shown",
          tool: sub.tool,
          input,
          message: `${about(sub.tool, input)}: shown again on the ${view} target`,
          path: after.length > 0 ? [...here, "hide"] : ["tools", sub.index],
          key: true,
        });
    compareText(sub, bv.description, cv.description, {
      what: `${view} description`,
      path: [...here, "description"],
      parent: ["tools", sub.index],
    });
  }
}

function names(hide: unknown): string[] {
  return Array.isArray(hide)
    ? hide.filter((n): n is string => typeof n === "string")
    : [];
}
