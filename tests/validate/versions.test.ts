import { describe, expect, it } from "vitest";
import { isSemver, isVersionRange } from "../../generator/validate/semver.js";
import { minimalVariant, specProblems } from "../helpers/project.js";

// Semantic Versioning 2.0.0's own examples (semver.org) and the mistakes its grammar rules out.
const versions: [string, boolean][] = [
  ["0.0.0", true],
  ["1.2.3", true],
  ["10.20.30", true],
  ["1.0.0-alpha", true],
  ["1.0.0-alpha.1", true],
  ["1.0.0-0.3.7", true],
  ["1.0.0-x.7.z.92", true],
  ["1.0.0-x-y-z.--", true],
  ["1.0.0+20130313144700", true],
  ["1.0.0-beta+exp.sha.5114f85", true],
  ["1", false],
  ["1.2", false],
  ["1.2.3.4", false],
  ["01.2.3", false],
  ["1.02.3", false],
  ["1.2.03", false],
  ["v1.2.3", false],
  ["1.2.3-", false],
  ["1.2.3-01", false],
  ["1.2.3+", false],
  ["1.2.3-alpha..1", false],
  [" 1.2.3", false],
  ["latest", false],
  ["", false],
];

// The part of npm's range grammar tools.schema.json documents for runtime_version.
const ranges: [string, boolean][] = [
  ["*", true],
  ["1", true],
  ["1.x", true],
  ["1.2.*", true],
  ["1.2.3", true],
  ["=1.2.3", true],
  ["^1.2.0", true],
  ["~1.2", true],
  ["^1.0.0-beta.1", true],
  [">=1.2.0 <2.0.0", true],
  [">= 1.2.0 < 2.0.0", true],
  ["^1.0.0 || ^2.0.0", true],
  ["1.2.3 - 2.0.0", true],
  ["", false],
  ["  ", false],
  ["latest", false],
  ["^", false],
  ["^1.0.0 ||", false],
  [">=1.2.0 <", false],
  ["v1.2.3", false],
  ["^01.2.0", false],
  ["1.2.3.4", false],
  ["workspace:*", false],
  ["file:../runtime", false],
  ["1.2.3 - ", false],
];

describe("isSemver", () => {
  it.each(versions)("%j: %s", (text, valid) => {
    expect(isSemver(text)).toBe(valid);
  });
});

describe("isVersionRange", () => {
  it.each(ranges)("%j: %s", (text, valid) => {
    expect(isVersionRange(text)).toBe(valid);
  });

  it("takes every semver version as a range of itself", () => {
    for (const [text, valid] of versions)
      if (valid) expect(isVersionRange(text), text).toBe(true);
  });
});

/** `line:col` of the first occurrence of `needle` in `text`, 1-based. */
function at(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  if (offset < 0)
    throw new Error(`${JSON.stringify(needle)} is not in the spec`);
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe("the spec's versions", () => {
  it("accepts a semver version at the top level and per target, and a range beside a runtime", () => {
    const text = minimalVariant(
      ["targets:\n", "version: 1.2.0\ntargets:\n"],
      [
        "server_name: acme }",
        'server_name: acme, version: "2.0.0-rc.1", runtime: "@acme/rt", runtime_version: ">=1.2.0 <3" }',
      ],
    );
    expect(specProblems(text)).toEqual([]);
  });

  it("reports a version that is not semver where its value is, with the others", () => {
    const text = minimalVariant(
      ["targets:\n", 'version: "1.2"\ntargets:\n'],
      ["server_name: acme }", "server_name: acme, version: v2.0.0 }"],
      [
        'package: "@acme/prompts"',
        'package: "@acme/prompts"\n    version: 1.0.0',
      ],
    );
    expect(specProblems(text)).toEqual([
      `${at(text, '"1.2"')}: 'version' must be a semver version such as 1.2.0 (MAJOR.MINOR.PATCH, then an optional -prerelease and +build), not "1.2"`,
      `${at(text, "v2.0.0")}: 'targets.mcp.version' must be a semver version such as 1.2.0 (MAJOR.MINOR.PATCH, then an optional -prerelease and +build), not "v2.0.0"`,
    ]);
  });

  it("reports a version that is not semver once, not again as one PEP 440 cannot spell, with the Python target", () => {
    const text = minimalVariant(
      ["targets:\n", 'version: "1.2"\ntargets:\n'],
      [
        "  docs:",
        '  python: { package: acme-tools, module: acme_tools, version: "2.0" }\n  docs:',
      ],
    );
    expect(specProblems(text)).toEqual([
      `${at(text, '"1.2"')}: 'version' must be a semver version such as 1.2.0 (MAJOR.MINOR.PATCH, then an optional -prerelease and +build), not "1.2"`,
      `${at(text, '"2.0"')}: 'targets.python.version' must be a semver version such as 1.2.0 (MAJOR.MINOR.PATCH, then an optional -prerelease and +build), not "2.0"`,
    ]);
  });

  it("reports a runtime_version that is no range, and one without a runtime", () => {
    const text = minimalVariant(
      [
        "server_name: acme }",
        'server_name: acme, runtime: "@acme/rt", runtime_version: latest }',
      ],
      ["bin: acme }", "bin: acme, runtime_version: ^1.0.0 }"],
    );
    expect(specProblems(text)).toEqual([
      `${at(text, "latest")}: 'targets.mcp.runtime_version' must be an npm version range such as ^1.2.0, >=1.2.0 <2.0.0, ^1.0.0 || ^2.0.0 or *, not "latest"`,
      `${at(text, "runtime_version: ^1")}: 'targets.cli.runtime_version' is the range of the runtime package's versions, but targets.cli names no runtime`,
    ]);
  });
});
