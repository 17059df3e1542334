import type { RawSpec, RawTargets, RawTool } from "../model/raw.js";
import type { JsonObject } from "../model/types.js";
import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { listed } from "../diagnostics/quoted.js";
import { asRecord } from "../../runtime/shared/record.js";

export type RawSection = RawSpec["sections"][number];
export type TargetName = keyof RawTargets;

/** Every target a spec may declare, in the order tools.schema.json lists them. */
export const TARGET_NAMES: readonly TargetName[] = [
  "client",
  "mcp",
  "langchain",
  "cli",
  "docs",
  "ai_sdk",
  "function_calling",
  "python",
];

/**
 * What the semantic checks read: the spec as written, and which of its parts are sound. A part
 * whose structure is broken is set aside (undefined), and the checks skip it, so that one run
 * reports a misspelt key in one tool, a bad setting of a target and an unknown placeholder in
 * another tool, and nothing that only follows from a broken part.
 */
export interface CheckedSpec {
  /** The spec as written: read it only where the fields below say it is sound. */
  readonly raw: RawSpec;
  /** The targets whose settings are sound. */
  readonly targets: RawTargets;
  /** Every target the spec declares, its settings sound or not. */
  readonly declared: ReadonlySet<TargetName>;
  /** `raw.sections`, each section whose structure is broken as undefined. */
  readonly sections: readonly (RawSection | undefined)[];
  /** Every section id the spec declares, or null when one cannot be read (a tool's section is then not checked). */
  readonly sectionIds: ReadonlySet<string> | null;
  /** `raw.tools`, each tool whose structure is broken as undefined. */
  readonly tools: readonly (RawTool | undefined)[];
  /** Each tool's name where it is sound, its tool broken or not. */
  readonly names: readonly (string | undefined)[];
  /** Each tool's input schema where it is sound, its tool broken or not. */
  readonly inputs: readonly (JsonObject | undefined)[];
  /** True when no structure problem lies at or under `path`: a text there can be read as written. */
  soundAt(path: JsonPath): boolean;
  /** What the spec's schemas have cost ajv so far (input-schema.ts): one count for the whole spec. */
  readonly compiled: CompileBudget;
}

/**
 * The places the $refs of the spec's compiled schemas point at, in all, each distinct schema
 * text counted once a run (whether ajv compiles it now or answered it in an earlier run of the
 * same process, as in watch mode: the outcome must not depend on that).
 */
export interface CompileBudget {
  refs: number;
  readonly counted: Set<string>;
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

/** A tool's input names, in the order its schema declares them. */
export function inputNames(tool: RawTool): string[] {
  return Object.keys(asRecord(tool.input.properties));
}

/** A tool's required inputs, as its schema lists them. */
export function requiredInputs(tool: RawTool): string[] {
  return Array.isArray(tool.input.required)
    ? (tool.input.required as unknown[]).map(String)
    : [];
}

export function listHint(names: readonly string[]): string {
  return names.length ? ` (known: ${names.map(listed).join(", ")})` : "";
}

/** The first sound section of each id, as a search of the list in order would find it. */
export function sectionsById(
  sections: readonly (RawSection | undefined)[],
): Map<string, RawSection> {
  const byId = new Map<string, RawSection>();
  for (const s of sections) if (s && !byId.has(s.id)) byId.set(s.id, s);
  return byId;
}
