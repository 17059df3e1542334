import type { Problem } from "./problem.js";
import { inSoundPart } from "./hidden-text.js";
import { toolPath, type Check } from "./checked-spec.js";
import { describePath } from "./subject.js";
import { namesIn } from "./words.js";
import { quoted } from "../diagnostics/quoted.js";
import { isRecord } from "../../runtime/shared/record.js";

type Step = string | number;

/**
 * Each renamed_from name: not the tool's own name, nor another tool's, nor an old name of a
 * second tool; and never written in a text of the prompt docs.
 */
export const checkRenames: Check = ({ raw, tools, names }) => {
  const problems: Problem[] = [];
  const inUse = new Map<string, number>();
  names.forEach((name, i) => name !== undefined && inUse.set(name, i));
  const oldNames = new Map<string, string>();
  tools.forEach((t, i) =>
    t?.renamed_from?.forEach((old, j) => {
      const at = toolPath(i, "renamed_from", j);
      if (old === t.name)
        problems.push({
          path: at,
          message: `tool ${quoted(t.name)}: renamed_from ${quoted(old)} is this tool's own name: a tool cannot be renamed from itself`,
          code: "renamed-from-itself",
        });
      else if (inUse.has(old))
        problems.push({
          path: at,
          message: `tool ${quoted(t.name)}: renamed_from ${quoted(old)} was renamed to ${quoted(t.name)} but is still the name of tool ${inUse.get(old)! + 1}`,
          code: "renamed-name-in-use",
        });
      else if (oldNames.has(old) && oldNames.get(old) !== t.name)
        problems.push({
          path: at,
          message: `tool ${quoted(t.name)}: renamed_from ${quoted(old)} is already an old name of ${quoted(oldNames.get(old))}: one old name can lead to one tool only`,
          code: "old-name-reused",
        });
      if (!oldNames.has(old)) oldNames.set(old, t.name);
    }),
  );
  if (oldNames.size > 0)
    for (const p of oldNamesInDocs(raw, oldNames))
      if (inSoundPart(p, tools)) problems.push(p);
  return problems;
};

/** Keys of a tool, a tool's cli block and a section whose texts end up in the prompt docs. */
const TOOL_DOC_KEYS = ["short", "when_to_use"];
const CLI_DOC_KEYS = ["usage", "summary", "description"];
/** The per-target blocks besides cli: their description is what that consumer's model reads. */
const VIEW_KEYS = ["mcp", "langchain"];
const SECTION_DOC_KEYS = ["heading", "label", "footer", "cli"];

/**
 * A problem for every old name of a tool (`oldNames`: old name → current name) used as a whole
 * word in a text of the prompt docs: a whole run of [A-Za-z0-9_-], so only a name made of those
 * characters can be one.
 */
export function oldNamesInDocs(
  raw: unknown,
  oldNames: ReadonlyMap<string, string>,
): Problem[] {
  const problems: Problem[] = [];
  const order = new Map([...oldNames.keys()].map((old, i) => [old, i]));
  eachDocText(raw, (text, path) => {
    // Each text's words looked up among the old names: linear in the texts, however many renames.
    const found = [...namesIn(text, order)];
    found.sort((a, b) => order.get(a)! - order.get(b)!);
    for (const old of found)
      problems.push({
        path: [...path],
        token: old,
        message: `${describePath(raw, path)}: ${quoted(old)} is an old name of ${quoted(oldNames.get(old))} and must not appear in the prompt docs`,
        code: "stale-name",
      });
  });
  return problems;
}

/**
 * Calls `visit` on each text that ends up in the prompt docs a model reads: every string value
 * (not key) under a tool's short, when_to_use, mcp.description, langchain.description,
 * cli.usage, cli.summary and cli.description, a section's heading,
 * label, footer and cli, and targets.docs.preamble. Without the cli target, the CLI texts reach
 * no prompt doc and are skipped. `path` is shared: copy it to keep it.
 */
function eachDocText(
  raw: unknown,
  visit: (text: string, path: readonly Step[]) => void,
): void {
  const path: Step[] = [];
  const texts = (value: unknown) => eachString(value, path, visit);
  const withCli =
    isRecord(raw) && isRecord(raw.targets) && Object.hasOwn(raw.targets, "cli");
  const under = (
    container: unknown,
    key: string,
    then: (value: unknown) => void,
  ) => {
    if (!isRecord(container) || !Object.hasOwn(container, key)) return;
    path.push(key);
    then(container[key]);
    path.pop();
  };
  const each = (container: unknown, then: (value: unknown) => void) => {
    const record = isRecord(container) ? container : undefined;
    const steps: Step[] = Array.isArray(container)
      ? container.map((_, i) => i)
      : record
        ? Object.keys(record)
        : [];
    for (const step of steps) {
      path.push(step);
      then((container as Record<Step, unknown>)[step]);
      path.pop();
    }
  };
  under(raw, "tools", (tools) =>
    each(tools, (tool) => {
      for (const key of TOOL_DOC_KEYS) under(tool, key, texts);
      for (const key of VIEW_KEYS)
        under(tool, key, (view) => under(view, "description", texts));
      if (withCli)
        under(tool, "cli", (cli) => {
          for (const key of CLI_DOC_KEYS) under(cli, key, texts);
        });
    }),
  );
  under(raw, "sections", (sections) =>
    each(sections, (section) => {
      for (const key of SECTION_DOC_KEYS)
        if (withCli || key !== "cli") under(section, key, texts);
    }),
  );
  under(raw, "targets", (targets) =>
    under(targets, "docs", (docs) => under(docs, "preamble", texts)),
  );
}

/** Calls `visit` on every string value at or under `value` (recursive, depth bounded as in findHidden). */
function eachString(
  value: unknown,
  path: Step[],
  visit: (text: string, path: readonly Step[]) => void,
): void {
  if (typeof value === "string") {
    visit(value, path);
  } else if (value !== null && typeof value === "object") {
    const record = value as Record<Step, unknown>;
    const steps: Step[] = Array.isArray(value)
      ? value.map((_, i) => i)
      : Object.keys(record);
    for (const step of steps) {
      path.push(step);
      eachString(record[step], path, visit);
      path.pop();
    }
  }
}
