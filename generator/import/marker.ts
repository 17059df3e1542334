import { createHash } from "node:crypto";
import { isRecord } from "../../runtime/shared/record.js";

/**
 * The comment line an import writes above each tool it imported: where the tool came from, then
 * ` · import` and a digest of each value the import filled by rule (`short=1a2b3c4d`). A later
 * import reads it back: a tool with this line is the import's to update (or to remove when the
 * source no longer has it); a filled value whose digest still matches is the rule's and follows
 * the source, one that does not was edited and is kept. Without the line, a tool is the user's.
 */

const MARKER = / · import((?: [a-z0-9_.]+=[0-9a-f]{8})*)$/;

/** The blocks of a tool whose keys an import may set one by one (`mcp.description`). */
export const VIEWS = ["mcp", "langchain", "cli", "ai_sdk", "function_calling"];

/** A short digest of a value's JSON (key order included). */
export function digest(value: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(value) ?? "undefined")
    .digest("hex")
    .slice(0, 8);
}

/** What the marker says of an imported tool (import-doc.ts's ImportedTool, which renders it). */
interface Marked {
  readonly comment: string;
  readonly tool: Readonly<Record<string, unknown>>;
  readonly filled: readonly string[];
}

/** The marker line of an imported tool, without `#`. */
export function markerLine(tool: Marked): string {
  const comment = tool.comment.replace(/[\r\n\u2028\u2029]+/g, " ");
  const digests = tool.filled
    .filter((p) => valueAt(tool.tool, p) !== undefined)
    .map((p) => ` ${p}=${digest(valueAt(tool.tool, p))}`);
  return `${comment} · import${digests.join("")}`;
}

/** The marker in a node's comment (the lines before it): its line's index and its digests. */
export function readMarker(
  comment: string | null | undefined,
): { line: number; digests: Map<string, string> } | null {
  const lines = comment?.split("\n") ?? [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const found = MARKER.exec(lines[i]!);
    if (found === null) continue;
    const digests = new Map<string, string>();
    for (const pair of found[1]!.trim().split(" ").filter(Boolean)) {
      const [path, hash] = pair.split("=") as [string, string];
      digests.set(path, hash);
    }
    return { line: i, digests };
  }
  return null;
}

/** A tool's value at a path of one or two keys (`short`, `mcp.description`). */
export function valueAt(tool: unknown, path: string): unknown {
  let value = tool;
  for (const key of path.split(".")) {
    if (!isRecord(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** A tool's paths: its keys, and the keys of its view blocks (`mcp.description`). */
export function toolPaths(tool: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(tool).flatMap(([key, value]) =>
    VIEWS.includes(key) && isRecord(value)
      ? Object.keys(value).map((sub) => `${key}.${sub}`)
      : [key],
  );
}
