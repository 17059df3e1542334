import type { Tool } from "../model/types.js";
import { compareAnnotations } from "./annotations.js";
import { about, type Subject } from "./changes.js";
import { compareCli } from "./cli.js";
import { compareHttp } from "./http.js";
import { isRecord } from "../../runtime/shared/record.js";
import { compareOutput } from "./output.js";
import { compareSchema } from "./schema.js";
import { compareText } from "./texts.js";
import { compareViews } from "./views.js";

/** One tool as each side has it: the model's view, and the raw entry (for keys the model does not carry yet). */
export interface ToolSide {
  readonly tool: Tool;
  readonly raw: Record<string, unknown>;
}

/**
 * Every change of one tool kept (or renamed) from the base to the current spec. Each subject is
 * one call: adding a key to compare is one function and one line here.
 */
export function compareTool(sub: Subject, b: ToolSide, c: ToolSide): void {
  const at = (...rest: string[]) => ["tools", sub.index, ...rest];
  if (b.tool.sectionId !== c.tool.sectionId)
    sub.push({
      change: "section-changed",
      tool: sub.tool,
      message: `${about(sub.tool)}: moved from section '${b.tool.sectionId}' to '${c.tool.sectionId}'`,
      path: at("section"),
    });
  compareSchema(b.tool.input, c.tool.input, { sub, path: at("input") });
  compareHttp(sub, b.tool.http, c.tool.http);
  compareCli(sub, b.tool.cli, c.tool.cli);
  compareOutput(sub, b.raw.output, c.raw.output);
  compareAnnotations(
    sub,
    resolved(b, "annotations"),
    resolved(c, "annotations"),
    c.raw.annotations,
  );
  compareViews(sub, b.raw, c.raw);
  for (const key of ["title", "short", "when_to_use"])
    compareText(sub, b.raw[key], c.raw[key], {
      what: key,
      path: at(key),
      parent: ["tools", sub.index],
    });
}

/** A key of the tool as the model resolves it, when the model has it, else as written. */
function resolved(side: ToolSide, key: string): unknown {
  const model = side.tool as unknown as Record<string, unknown>;
  return Object.hasOwn(model, key) ? model[key] : side.raw[key];
}

export function rawTool(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
