import { isError, sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import type { RawSpec } from "../model/raw.js";
import type { ParsedSpec } from "../read/parse.js";
import type { CheckedSpec, Check } from "./checked-spec.js";
import { checkCliOptions } from "./cli-options.js";
import { checkCliUsages } from "./cli-usage.js";
import { checkDocMentions } from "./doc-mentions.js";
import { checkHiddenText } from "./hidden-text.js";
import { checkHttpBindings } from "./http-bindings.js";
import { checkInputSchema } from "./input-schema.js";
import { checkNames } from "./names.js";
import { toDiagnostic, type Problem } from "./problem.js";
import { checkRenames } from "./renames.js";
import { checkToolPlacement } from "./sections.js";
import { checkStructure } from "./structure.js";
import { checkTargets } from "./targets.js";
import { checkVersions } from "./versions.js";

/** What each tool's input schema declares: a JSON Schema toolgen can check inputs against. */
const checkInputSchemas: Check = ({ tools }) =>
  tools.flatMap((t, i) =>
    t === undefined
      ? []
      : checkInputSchema(t.input).map((p) => ({
          ...p,
          path: ["tools", i, "input", ...p.path],
        })),
  );

/** The checks of a spec whose structure is sound, at least outside some tools. */
const SEMANTIC: readonly Check[] = [
  checkTargets,
  checkVersions,
  checkNames,
  checkToolPlacement,
  checkHttpBindings,
  checkCliUsages,
  checkRenames,
  checkInputSchemas,
  checkHiddenText,
];

/** The checks that read a spec the others found no error in, in the order their findings are listed. */
const ON_VALID: readonly Check[] = [checkCliOptions, checkDocMentions];

/**
 * Every problem of a read spec, located in its text: errors and warnings, each once. The spec
 * is valid, and the model can be built from it, when none is an error.
 *
 * The structure (tools.schema.json) comes first. When it is broken only inside some tools, the
 * semantic checks skip those tools and check the rest, so that one run reports a misspelt key in
 * one tool and an unknown placeholder in another; broken elsewhere, nothing more is checked.
 * The checks of the CLI's options and of mentions in the docs run once the others found no error.
 */
export function validateSpec(spec: ParsedSpec): Diagnostic[] {
  const located = (problems: readonly Problem[]) =>
    problems.map((p) => toDiagnostic(spec, p));
  const structural = checkStructure(spec.value);
  const checked = soundPart(spec, structural);
  if (checked === null) return sortDiagnostics(located(structural));
  const found = sortDiagnostics(
    located([...structural, ...SEMANTIC.flatMap((check) => check(checked))]),
  );
  if (found.some(isError)) return found;
  return [...found, ...located(ON_VALID.flatMap((check) => check(checked)))];
}

/** The spec with its broken tools set aside, or null when what is broken lies outside the tools, or no tool is sound. */
function soundPart(
  spec: ParsedSpec,
  structural: readonly Problem[],
): CheckedSpec | null {
  const raw = spec.value as RawSpec;
  if (structural.length === 0)
    return { raw, tools: raw.tools, source: spec.source };
  if (!Array.isArray(raw.tools)) return null;
  const broken = new Set<number>();
  for (const p of structural) {
    if (p.path[0] !== "tools" || typeof p.path[1] !== "number") return null;
    broken.add(p.path[1]);
  }
  if (broken.size >= raw.tools.length) return null;
  return {
    raw,
    tools: raw.tools.map((t, i) => (broken.has(i) ? undefined : t)),
    source: spec.source,
  };
}
