import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";
// @ts-expect-error: the benchmark's spec builder is plain JavaScript without declarations.
import { syntheticSpec } from "../bench/spec.mjs";
import { specInput } from "../generator/index.js";
import { generateFromDisk } from "./helpers/generate.js";
import { repoRoot } from "./helpers/project.js";

// The benchmark measures every target: its synthetic spec declares each one tools.schema.json
// knows, and generates a package for each.
it("the benchmark's synthetic spec declares every target and is valid", () => {
  const schema = JSON.parse(
    fs.readFileSync(path.join(repoRoot, "tools.schema.json"), "utf8"),
  ) as { properties: { targets: { properties: object } } };
  const text = (syntheticSpec as (count: number) => string)(15);
  const declared = Object.keys(
    (parse(text) as { targets: object }).targets,
  ).sort();
  expect(declared).toEqual(
    Object.keys(schema.properties.targets.properties).sort(),
  );
  const file = path.join(repoRoot, "bench", "synthetic-15.yaml");
  const packages = generateFromDisk(specInput(file, text, repoRoot))
    .files.filter((f) => /^[^/]+\/package\.json$/.test(f.path))
    .map((f) => (JSON.parse(f.content) as { name: string }).name);
  expect(packages).toHaveLength(declared.length);
});
