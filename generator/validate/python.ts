import type { Problem } from "./problem.js";
import { firstSeen, type Check } from "./checked-spec.js";
import { PYTHON_KEYWORDS } from "../model/python-names.js";
import { pep440 } from "../model/pep440.js";
import { isSemver } from "./semver.js";
import { quoted } from "../diagnostics/quoted.js";
import { schemaFormats, schemaPatterns } from "../model/schema-patterns.js";
import { MAX_PATTERN_LENGTH } from "./pattern-backtracking.js";
import { pythonPattern } from "./python-pattern.js";
import { about } from "./subject.js";
import { authEnvNames } from "./targets.js";
import type { JsonPath } from "../read/parse.js";

/**
 * The Python target's settings beyond their form (tools.schema.json): the environment variables
 * it reads are named (its own `env`, else the client target's), its module paths are import
 * names (no part a keyword), and its version has a PEP 440 spelling.
 */
export const checkPython: Check = ({ raw, targets, declared, tools }) => {
  const python = targets.python;
  if (python === undefined) return [];
  const problems: Problem[] = [];
  if (python.env === undefined && !declared.has("client"))
    problems.push({
      path: ["targets", "python"],
      key: true,
      message:
        "targets.python needs env, the environment variables the Python package reads (base_url, workspace_id, token, workspaces), or targets.client, whose env it then reads",
      code: "python-needs-env",
    });
  for (const key of ["module", "runtime"] as const) {
    const value = python[key];
    const keyword = value?.split(".").find((part) => PYTHON_KEYWORDS.has(part));
    if (keyword !== undefined)
      problems.push({
        path: ["targets", "python", key],
        message: `targets.python.${key} ${quoted(value!)} is no Python import name: ${quoted(keyword)} is a keyword`,
        code: "python-keyword-module",
      });
  }
  if (python.env !== undefined || python.auth !== undefined) {
    const keys = ["base_url", "workspace_id", "token", "workspaces"] as const;
    const named: (readonly [JsonPath, string | undefined])[] = [
      ...keys.map(
        (k) => [["targets", "python", "env", k], python.env?.[k]] as const,
      ),
      ...authEnvNames(python.auth, ["targets", "python", "auth"]),
    ];
    firstSeen(
      named.map(([, v]) => v),
      (i, first) =>
        problems.push({
          path: named[i]![0],
          message: `${named[i]![0].join(".")} ${quoted(named[i]![1]!)} is already ${named[first]![0].join(".")}: each needs its own environment variable`,
          code: "duplicate-env-name",
        }),
    );
  }
  const own = python.version !== undefined;
  const version = python.version ?? raw.version;
  // A version that is no semver is reported as such (tools.schema.json), once.
  if (version !== undefined && isSemver(version) && pep440(version) === null)
    problems.push({
      path: own ? ["targets", "python", "version"] : ["version"],
      message: `version ${quoted(version)} has no PEP 440 spelling for the Python package: a pre-release is alpha, beta, rc or dev and a number (1.2.0-beta.1 → 1.2.0b1)${own ? "" : "; or give targets.python its own version"}`,
      code: "python-version",
    });
  tools.forEach((tool, i) => {
    if (tool === undefined) return;
    for (const [key, schema] of [
      ["input", tool.input],
      ["output", tool.output],
    ] as const) {
      if (schema === undefined) continue;
      for (const { pattern, path } of schemaPatterns(schema)) {
        // Too long to read: refused as such (patterns.ts).
        if (pattern.length > MAX_PATTERN_LENGTH) continue;
        const translated = pythonPattern(pattern);
        if (!translated.ok)
          problems.push({
            path: ["tools", i, key, ...path],
            key: path.at(-2) === "patternProperties",
            message: `${about(raw, ["tools", i, key, ...path])}the pattern ${quoted(pattern)} cannot be checked alike in Python: ${translated.reason}`,
            code: "python-pattern",
          });
      }
      // ajv-formats asks V8's RegExp whether a text is a regular expression; Python could ask
      // only re, which reads another syntax: the format would not mean the same in both.
      for (const { format, path } of schemaFormats(schema))
        if (format === "regex")
          problems.push({
            path: ["tools", i, key, ...path],
            message: `${about(raw, ["tools", i, key, ...path])}format 'regex' cannot be checked alike in Python: JavaScript's RegExp and Python's re accept different syntax ((?<name>…) and \\p{L} in one, (?P<name>…) in the other); drop the format, or check the text in a handler`,
            code: "python-format",
          });
    }
  });
  return problems;
};
