import type { JsonPath } from "../read/parse.js";
import type { Problem } from "./problem.js";
import { describePath } from "./subject.js";

/**
 * Numbers JSON cannot hold. YAML reads `.inf`, `-.inf` and `.nan` (and a number too large for a
 * double, such as 1e400) as Infinity or NaN, which JSON.stringify writes as null: a
 * `default: .inf` would reach tools.json, the MCP listing and the types as `default: null`.
 * Every such number in the spec is an error, at the value; integers beyond 2^53 are not: YAML
 * reads them rounded, as JSON.parse does, and JSON holds the rounded number.
 */
export function checkJsonValues(root: unknown): Problem[] {
  const problems: Problem[] = [];
  visit(root, [], root, problems);
  return problems;
}

/** Recursive: the parser refuses a spec nested deeper than MAX_DEPTH (64) levels. */
function visit(
  value: unknown,
  path: (string | number)[],
  root: unknown,
  problems: Problem[],
): void {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) problems.push(problem(root, [...path], value));
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      visit(value[i], path, root, problems);
      path.pop();
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    path.push(key);
    visit(record[key], path, root, problems);
    path.pop();
  }
}

function problem(root: unknown, path: JsonPath, value: number): Problem {
  const what = Number.isNaN(value)
    ? "NaN (.nan)"
    : value > 0
      ? "infinite (.inf)"
      : "minus infinite (-.inf)";
  return {
    path,
    message: `${describePath(root, path)} is ${what}, which JSON cannot hold (it would be written as null): write a finite number, or put the text in quotes`,
    code: "non-finite-number",
  };
}

/** `problems` without those at a path where a non-finite number lies: that number's own problem says it. */
export function besideNonFinite(
  problems: readonly Problem[],
  nonFinite: readonly Problem[],
): Problem[] {
  if (nonFinite.length === 0) return [...problems];
  const at = new Set(nonFinite.map((p) => JSON.stringify(p.path)));
  return problems.filter((p) => !at.has(JSON.stringify(p.path)));
}
