import type { RawSpec, RawTool } from "../model/raw.js";
import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";

/** What the semantic checks read: the spec as written, once its structure is sound where they look. */
export interface CheckedSpec {
  readonly raw: RawSpec;
  /**
   * `raw.tools`, with each tool whose structure is broken as undefined: the checks skip it, so
   * that one run reports a misspelt key in one tool and an unknown placeholder in another.
   */
  readonly tools: readonly (RawTool | undefined)[];
  /** The text the spec was read from. */
  readonly source: string;
}

/** A semantic check: every problem it finds, at the spec's own paths. */
export type Check = (spec: CheckedSpec) => Problem[];

export const toolPath = (i: number, ...rest: (string | number)[]): JsonPath => [
  "tools",
  i,
  ...rest,
];

/** Calls `report(i, first)` for each value equal to an earlier one; undefined values are skipped. */
export function firstSeen(
  values: readonly (string | undefined)[],
  report: (i: number, first: number) => void,
): void {
  const seen = new Map<string, number>();
  values.forEach((v, i) => {
    if (v === undefined) return;
    const first = seen.get(v);
    if (first === undefined) seen.set(v, i);
    else report(i, first);
  });
}

export function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A tool's input names, in the order its schema declares them. */
export function inputNames(tool: RawTool): string[] {
  return Object.keys(asObject(tool.input.properties));
}

/** A tool's required inputs, as its schema lists them. */
export function requiredInputs(tool: RawTool): string[] {
  return Array.isArray(tool.input.required)
    ? (tool.input.required as unknown[]).map(String)
    : [];
}

export function listHint(names: readonly string[]): string {
  return names.length ? ` (known: ${names.join(", ")})` : "";
}

/** The first section of each id, as a search of the list in order would find it. */
export function sectionsById(
  raw: RawSpec,
): Map<string, RawSpec["sections"][number]> {
  const byId = new Map<string, RawSpec["sections"][number]>();
  for (const s of raw.sections) if (!byId.has(s.id)) byId.set(s.id, s);
  return byId;
}
