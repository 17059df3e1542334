import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { specInput } from "../generator/index.js";
import { generateFromDisk } from "./helpers/generate.js";
import { fixtures, repoRoot } from "./helpers/project.js";
import { referenceSpec, referenceSpecPath } from "./helpers/reference-spec.js";
import { runtimeDist } from "../generator/io/inputs.js";

// What toolgen writes for a spec comes from that spec or is neutral: nothing of the reference
// platform (its package names, bins, server name, program, environment variables, or the
// platform's name itself) reaches another spec's output, code comments included.

/** Every string value under the reference spec's `targets`, and the platform's own name. */
function referenceNames(): string[] {
  const { targets } = parse(fs.readFileSync(referenceSpecPath, "utf8")) as {
    targets: Record<string, unknown>;
  };
  const names = new Set<string>();
  const collect = (value: unknown, key: string): void => {
    // The preamble is prose for the model, not a name.
    if (key === "preamble") return;
    if (typeof value === "string") names.add(value);
    else if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) collect(v, k);
  };
  collect(targets, "");
  // Each package's scope, e.g. "@molecule".
  for (const name of [...names])
    if (name.startsWith("@")) names.add(name.slice(0, name.indexOf("/")));
  return [...names];
}

/** The reference platform's own name, in any case. */
const PLATFORM = /molecule/i;

const valid = fs.readdirSync(path.join(fixtures, "valid"));

describe("the output for a spec holds nothing of the reference platform", () => {
  const names = referenceNames();

  it("has names to look for", () => {
    expect(names.length).toBeGreaterThan(5);
  });

  it.each(valid)("%s", (name) => {
    const specPath = path.join(fixtures, "valid", name, "tools.yaml");
    const text = fs.readFileSync(specPath, "utf8");
    // A fixture that itself names the reference platform could not show a leak.
    for (const n of names) expect(text).not.toContain(n);
    expect(text).not.toMatch(PLATFORM);
    const { files } = generateFromDisk(
      specInput(specPath, text, path.dirname(specPath)),
    );
    expect(files.length).toBeGreaterThan(0);
    const leaks = files.flatMap((f) => [
      ...names
        .filter((n) => f.content.includes(n))
        .map((n) => `${f.path}: ${n}`),
      ...(PLATFORM.test(f.content) ? [`${f.path}: the platform's name`] : []),
    ]);
    expect(leaks).toEqual([]);
  });
});

describe("the runtime, written once for every spec", () => {
  it("names no tool of the reference spec, nor the platform, in its sources or its bundle", () => {
    const tools = referenceSpec().tools.map((t) => t.name);
    expect(tools.length).toBeGreaterThan(5);
    const folders = [path.join(repoRoot, "runtime"), runtimeDist];
    const files = folders.flatMap((folder) =>
      fs
        .readdirSync(folder, { recursive: true })
        .map((f) => path.join(folder, String(f)))
        .filter((f) => fs.statSync(f).isFile()),
    );
    expect(files.length).toBeGreaterThan(10);
    const leaks = files.flatMap((f) => {
      const text = fs.readFileSync(f, "utf8");
      return [
        ...tools
          .filter((n) => new RegExp(`\\b${n}\\b`).test(text))
          .map((n) => `${path.relative(repoRoot, f)}: ${n}`),
        ...(PLATFORM.test(text)
          ? [`${path.relative(repoRoot, f)}: the platform's name`]
          : []),
      ];
    });
    expect(leaks).toEqual([]);
  });
});
