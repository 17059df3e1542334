import {
  isError,
  sortDiagnostics,
  type Diagnostic,
} from "../diagnostics/index.js";
import { checkAcknowledgedBreaks } from "./acknowledged-breaks.js";
import type { ParsedSpec } from "../read/parse.js";
import type { Check } from "./checked-spec.js";
import { checkCatalog } from "./catalog.js";
import { checkCliOptions } from "./cli-options.js";
import { checkCliOrder } from "./cli-order.js";
import { checkCliUsages } from "./cli-usage.js";
import { checkConfusableNames } from "./confusable-names.js";
import { checkDocMentions } from "./doc-mentions.js";
import { checkHiddenText } from "./hidden-text.js";
import { checkHttpBindings } from "./http-bindings.js";
import { checkConnections } from "./connection.js";
import { checkInputSchema } from "./input-schema.js";
import { besideNonFinite, checkJsonValues } from "./json-values.js";
import { checkNames } from "./names.js";
import { toDiagnostic, type Problem } from "./problem.js";
import { checkRenames } from "./renames.js";
import { checkToolPlacement } from "./sections.js";
import { checkStructure } from "./structure.js";
import { soundPart, withoutFaultyTools } from "./sound-part.js";
import { about } from "./subject.js";
import { checkPatterns } from "./patterns.js";
import { checkPython } from "./python.js";
import { checkTargets } from "./targets.js";
import { checkToolMeta } from "./tool-meta.js";
import { checkVersions } from "./versions.js";
import { checkViews } from "./views.js";

/** What each tool's input schema declares: a JSON Schema toolgen can check inputs against. */
const checkInputSchemas: Check = ({ raw, inputs, compiled }) =>
  inputs.flatMap((input, i) =>
    input === undefined
      ? []
      : checkInputSchema(input, "input", compiled).map((p) => {
          const path = ["tools", i, "input", ...p.path];
          return { ...p, path, message: `${about(raw, path)}${p.message}` };
        }),
  );

/** The checks of whatever parts of a spec are sound. */
const SEMANTIC: readonly Check[] = [
  checkTargets,
  checkPython,
  checkVersions,
  checkNames,
  checkConfusableNames,
  checkToolPlacement,
  checkHttpBindings,
  checkConnections,
  checkCliUsages,
  checkCliOrder,
  checkViews,
  checkRenames,
  checkInputSchemas,
  checkPatterns,
  checkToolMeta,
  checkHiddenText,
  checkAcknowledgedBreaks,
  checkCatalog,
];

/**
 * Every problem of a read spec, located in its text: errors and warnings, each once. The spec
 * is valid, and the model can be built from it, when none is an error.
 *
 * The structure (tools.schema.json) comes first. Each part it is broken in (a target, a
 * section, a tool; within a tool its name and its input schema count apart) is set aside, and
 * the semantic checks read the rest, so that one run reports a bad setting of a target, a
 * misspelt key in one tool, a duplicate name and an unknown placeholder in another, and no
 * problem that only follows from another. Then the CLI's options, on the tools no other check
 * found an error in (they assume a usage that reads), and the mentions of tools in the docs.
 */
export function validateSpec(spec: ParsedSpec): Diagnostic[] {
  // A number JSON cannot hold is said once, as such, whatever else a check says of it there.
  const nonFinite = checkJsonValues(spec.value);
  const located = (problems: readonly Problem[]) =>
    problems.map((p) => toDiagnostic(spec, p));
  const structural = checkStructure(spec.value);
  const checked = soundPart(spec.value, structural);
  if (checked === null)
    return sortDiagnostics(
      located([...nonFinite, ...besideNonFinite(structural, nonFinite)]),
    );
  const checks = [
    ...structural,
    ...SEMANTIC.flatMap((check) => check(checked)),
  ];
  const found = [...nonFinite, ...besideNonFinite(checks, nonFinite)];
  const later = [
    ...checkCliOptions(withoutFaultyTools(checked, found)),
    ...checkDocMentions(checked),
  ];
  // With no error, the warnings of the later checks follow the others in the order found.
  const all = [...sortDiagnostics(located(found)), ...located(later)];
  return all.some(isError) ? sortDiagnostics(all) : all;
}
