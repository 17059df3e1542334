import type { JsonObject } from "../model/types.js";
import { quoted } from "../diagnostics/quoted.js";
import { schemaPatterns } from "../model/schema-patterns.js";
import type { Check } from "./checked-spec.js";
import {
  backtrackingRisk,
  MAX_PATTERN_LENGTH,
} from "./pattern-backtracking.js";
import type { Problem } from "./problem.js";
import { about } from "./subject.js";

/**
 * Every pattern of every tool's input and output schemas, for every target: one that can make a
 * backtracking validator slow (ajv in V8, Python's re) is refused where it is written.
 */
export const checkPatterns: Check = ({ raw, tools, inputs }) => {
  const problems: Problem[] = [];
  tools.forEach((tool, i) => {
    const schemas = [
      ["input", inputs[i]],
      ["output", tool?.output],
    ] as const;
    for (const [key, schema] of schemas) {
      if (schema === undefined) continue;
      for (const { pattern, path } of schemaPatterns(schema)) {
        const reason = backtrackingRisk(pattern);
        if (reason === null) continue;
        const at = ["tools", i, key, ...path];
        problems.push({
          path: at,
          key: path.at(-2) === "patternProperties",
          message: `${about(raw, at)}the pattern ${pattern.length > MAX_PATTERN_LENGTH ? `of ${pattern.length} characters` : quoted(pattern)} ${reason}`,
          code: "pattern-backtracking",
        });
      }
    }
  });
  return problems;
};

/** Whether a schema holds a pattern checkPatterns refuses: no value is run against it, which could take forever. */
export function holdsSlowPattern(schema: JsonObject): boolean {
  return schemaPatterns(schema).some(
    ({ pattern }) => backtrackingRisk(pattern) !== null,
  );
}
