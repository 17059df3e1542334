import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpus } from "../hardening/corpus/index.js";
import { repoRoot } from "../helpers/project.js";
import { specArbitrary } from "./arbitraries.js";
import { AGREE, agree } from "./fast-yaml-agree.js";
import { RUNS, seeded, TIMEOUT } from "./settings.js";

// The two YAML readers on real inputs: the fixtures, the hardening corpus, tools.yaml and random
// valid specs.

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? filesUnder(path.join(dir, e.name))
        : [path.join(dir, e.name)],
    );
}

describe(AGREE, { timeout: TIMEOUT }, () => {
  it("on every fixture", () => {
    let read = 0;
    const files = filesUnder(path.join(repoRoot, "tests", "fixtures"));
    for (const file of files) if (agree(fs.readFileSync(file, "utf8"))) read++;
    // Most fixtures are plain YAML: the fast path must really be taken.
    expect(read).toBeGreaterThan(files.length / 2);
  });

  it("on every case of the hardening corpus", () => {
    for (const cases of Object.values(corpus))
      for (const c of cases) {
        // A long chain of refs (megabytes) takes the yaml library seconds to read: the short
        // chains hold the same shape.
        if (c.spec.length > 1_000_000) continue;
        agree(c.spec);
      }
  });

  it("on the repository's tools.yaml", () => {
    expect(
      agree(fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8")),
    ).toBe(true);
  });

  it("on random valid specs", () => {
    let read = 0;
    fc.assert(
      fc.property(specArbitrary("fast"), ({ yaml }) => {
        if (agree(yaml)) read++;
        if (agree(yaml.replace(/\n/g, "\r\n"))) read++;
      }),
      seeded(RUNS * 4),
    );
    expect(read).toBeGreaterThan(0);
  });
});
