import { about, type Subject } from "./changes.js";
import { jsonEqual } from "./json.js";
import type { ToolSurface } from "./load.js";
import { compareTool, rawTool, type ToolSide } from "./tool.js";

/**
 * Pairs the tools of both sides: by name, else through `renamed_from` (the old name answers
 * only that it was renamed, so the rename is breaking, and the tool is compared as one), else a
 * tool is added (compatible) or removed (breaking, at the `tools:` key).
 */
export function matchTools(
  base: ToolSurface,
  current: ToolSurface,
  subject: (index: number, tool: string) => Subject,
): void {
  const baseRaw = rawList(base);
  const currentRaw = rawList(current);
  const byName = new Map(base.model.tools.map((t, i) => [t.name, i]));
  const currentNames = new Set(current.model.tools.map((t) => t.name));
  const matched = new Set<number>();
  const added: number[] = [];
  const side = (d: ToolSurface, raws: unknown[], i: number): ToolSide => ({
    tool: d.model.tools[i]!,
    raw: rawTool(raws[i]),
  });
  current.model.tools.forEach((tool, index) => {
    let from = byName.get(tool.name);
    const sub = subject(index, tool.name);
    if (from === undefined) {
      const old = tool.renamedFrom.find(
        (n) => byName.has(n) && !currentNames.has(n),
      );
      if (old === undefined) {
        added.push(index);
        sub.push({
          change: "tool-added",
          tool: tool.name,
          message: `${about(tool.name)}: added`,
          path: ["tools", index, "name"],
        });
        return;
      }
      from = byName.get(old)!;
      const r = tool.renamedFrom.indexOf(old);
      subject(index, old).push({
        change: "tool-renamed",
        tool: old,
        message: `${about(old)}: renamed to '${tool.name}': MCP answers a call of '${old}' that it was renamed, and runs nothing`,
        path: ["tools", index, "renamed_from", r],
      });
    }
    matched.add(from);
    compareTool(
      sub,
      side(base, baseRaw, from),
      side(current, currentRaw, index),
    );
  });
  base.model.tools.forEach((tool, i) => {
    if (matched.has(i)) return;
    // A tool added with the same input and binding is likely the same one renamed.
    const twin = added.find(
      (j) =>
        jsonEqual(current.model.tools[j]!.input, tool.input) &&
        jsonEqual(current.model.tools[j]!.http, tool.http),
    );
    const hint =
      twin === undefined
        ? ""
        : ` (if it was renamed to '${current.model.tools[twin]!.name}', list '${tool.name}' in that tool's renamed_from)`;
    subject(-1, tool.name).push({
      change: "tool-removed",
      tool: tool.name,
      message: `${about(tool.name)}: removed${hint}`,
      path: ["tools"],
      key: true,
    });
  });
}

function rawList(d: ToolSurface): unknown[] {
  const value = d.spec.value as { tools?: unknown };
  return Array.isArray(value.tools) ? value.tools : [];
}
