import type { JsonPath } from "../read/parse.js";
import { quoted } from "../diagnostics/quoted.js";

type Step = string | number;

/**
 * Who a path of the spec is about, as its author finds it: `tool 'create_ticket'`, `tool
 * 'create_ticket', input 'priority'` (the names of nested properties joined by dots),
 * `section 'notes'`; null outside the tools and sections. `rest` is what lies below it.
 */
export function subjectOf(
  root: unknown,
  path: JsonPath,
): { label: string | null; rest: Step[] } {
  const [top, index, ...rest] = path;
  if ((top !== "tools" && top !== "sections") || typeof index !== "number")
    return { label: null, rest: [...path] };
  const entry = valueAt(root, [top, index]) as
    Record<string, unknown> | undefined;
  const noun = top === "tools" ? "tool" : "section";
  const id = top === "tools" ? entry?.name : entry?.id;
  const label =
    typeof id === "string" ? `${noun} ${quoted(id)}` : `${noun} ${index + 1}`;
  const schema = rest[0];
  if (top !== "tools" || (schema !== "input" && schema !== "output"))
    return { label, rest };
  // input.properties.a(.items)?.properties.b… → input 'a.b' (output 'a.b' in an output schema)
  const names: string[] = [];
  let j = 1;
  while (rest[j] === "properties" && typeof rest[j + 1] === "string") {
    names.push(String(rest[j + 1]));
    j += 2;
    if (rest[j] === "items" && rest[j + 1] === "properties") j++;
  }
  if (names.length === 0) return { label, rest };
  return {
    label: `${label}, ${schema} ${quoted(names.join("."))}`,
    rest: rest.slice(j),
  };
}

/** `tools.3.http.method` → `tool 'list_peers': 'http.method'`; `targets.docs.budget` → `'targets.docs.budget'`. */
export function describePath(root: unknown, path: JsonPath): string {
  if (path.length === 0) return "the spec";
  const { label, rest } = subjectOf(root, path);
  if (label === null) return `${quoted(path.join("."))}`;
  return rest.length ? `${label}: ${quoted(rest.join("."))}` : label;
}

/** The subject of a path followed by a colon, to begin a message with: `tool 'x', input 'y': `; empty outside tools and sections. */
export function about(root: unknown, path: JsonPath): string {
  const { label } = subjectOf(root, path);
  return label === null ? "" : `${label}: `;
}

export function valueAt(root: unknown, path: JsonPath): unknown {
  let v = root;
  for (const step of path)
    v = (v as Record<string | number, unknown> | undefined)?.[step];
  return v;
}
