import type { RawPublish, RawTargets } from "../model/raw.js";
import type { JsonPath } from "../read/parse.js";
import { TARGET_NAMES, type Check } from "./checked-spec.js";
import type { Problem } from "./problem.js";
import { isSemver, isVersionRange } from "./semver.js";
import { json, quoted } from "../diagnostics/quoted.js";

/**
 * What npm reads from the generated package.json files: each `version` (top-level or a
 * target's) a semver 2.0.0 version, and each `runtime_version` an npm range beside the
 * `runtime` whose versions it ranges over. Only the sound targets are read.
 */
export const checkVersions: Check = ({ raw, targets, soundAt }) => {
  const problems: Problem[] = [];
  const version = (settings: RawPublish, path: JsonPath) => {
    if (settings.version !== undefined && !isSemver(settings.version))
      problems.push({
        path: [...path, "version"],
        code: "bad-version",
        message: `${quoted([...path, "version"].join("."))} must be a semver version such as 1.2.0 (MAJOR.MINOR.PATCH, then an optional -prerelease and +build), not ${json(settings.version)}`,
      });
  };
  if (soundAt(["version"])) version(raw, []);
  for (const target of TARGET_NAMES) {
    const settings = targets[target];
    if (settings !== undefined) version(settings, ["targets", target]);
  }
  for (const target of ["mcp", "cli"] as const)
    problems.push(...runtimeVersion(targets, target));
  return problems;
};

function runtimeVersion(targets: RawTargets, target: "mcp" | "cli"): Problem[] {
  const settings = targets[target];
  if (settings?.runtime_version === undefined) return [];
  const path = ["targets", target, "runtime_version"];
  if (settings.runtime === undefined)
    return [
      {
        path,
        key: true,
        code: "runtime-version-without-runtime",
        message: `${quoted(path.join("."))} is the range of the runtime package's versions, but targets.${target} names no runtime`,
      },
    ];
  if (isVersionRange(settings.runtime_version)) return [];
  return [
    {
      path,
      code: "bad-version-range",
      message: `${quoted(path.join("."))} must be an npm version range such as ^1.2.0, >=1.2.0 <2.0.0, ^1.0.0 || ^2.0.0 or *, not ${json(settings.runtime_version)}`,
    },
  ];
}
