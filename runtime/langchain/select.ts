import type { ToolTable, ToolEntry } from "./types.js";
import { closest } from "../shared/distance.js";

/**
 * The tools `createTools` returns, in spec order: every tool when neither `sections` nor
 * `names` is given, else the union of both. Unknown ids or names are an error, not ignored,
 * because a typo would otherwise leave an agent quietly without a tool.
 */
export function selectTools(
  data: ToolTable,
  sections: readonly string[] | undefined,
  names: readonly string[] | undefined,
): ToolEntry[] {
  if (sections === undefined && names === undefined) return [...data.tools];
  const known = new Set(data.tools.map((t) => t.name));
  const wantedSections = new Set(list("sections", sections));
  const wantedNames = new Set(list("names", names));
  // The types read an empty selection as no selection (every tool): say so rather than give none.
  if (wantedSections.size + wantedNames.size === 0) {
    throw new Error(
      "createTools: 'sections' and 'names' select nothing: leave them out for every tool, or name at least one",
    );
  }
  const problems: string[] = [];
  for (const s of wantedSections) {
    if (!data.sections.includes(s))
      problems.push(
        `unknown section '${s}'${didYouMean(s, data.sections)} (sections: ${data.sections.join(", ")})`,
      );
  }
  for (const n of wantedNames) {
    if (known.has(n)) continue;
    const renamed = data.tools.find((t) => t.renamedFrom.includes(n));
    problems.push(
      `unknown tool '${n}'${renamed ? ` (renamed to '${renamed.name}')` : didYouMean(n, [...known])}`,
    );
  }
  if (problems.length > 0)
    throw new Error(`createTools: ${problems.join("; ")}`);
  return data.tools.filter(
    (t) => wantedSections.has(t.section) || wantedNames.has(t.name),
  );
}

function list(
  option: string,
  value: readonly string[] | undefined,
): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw new TypeError(`createTools: '${option}' must be an array of strings`);
  }
  return value;
}

/** A "did you mean" for a near miss (a renamed tool, a typo), else nothing. */
function didYouMean(name: string, candidates: readonly string[]): string {
  const best = closest(name, candidates);
  return best === undefined ? "" : ` (did you mean '${best}'?)`;
}
