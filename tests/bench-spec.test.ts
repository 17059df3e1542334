import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";
// @ts-expect-error: the benchmark's spec builder is plain JavaScript without declarations.
import { syntheticSpec } from "../bench/spec.mjs";
// @ts-expect-error: plain JavaScript too.
import { openApiDocument, openApiYaml } from "../bench/openapi.mjs";
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
    .files.filter((f) =>
      /^[^/]+\/(package\.json|pyproject\.toml)$/.test(f.path),
    )
    .map((f) => f.path.split("/")[0]);
  expect(packages).toHaveLength(declared.length);
});

// The peer comparison (npm run bench -- --peer) gives the peer the same tools as OpenAPI: one
// operation per tool, each taking every input of its tool, and the same text on every run.
it("the benchmark's OpenAPI version of the spec has one operation per tool, taking its inputs", () => {
  const text = (syntheticSpec as (count: number) => string)(100);
  const spec = parse(text) as {
    tools: { name: string; input: { properties?: object } }[];
  };
  const doc = openApiDocument(spec) as {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
  };
  expect(doc.openapi).toBe("3.1.0");
  const operations = Object.entries(doc.paths).flatMap(([at, methods]) =>
    Object.values(methods).map((op) => ({ at, op })),
  );
  expect(operations.map((o) => o.op.operationId).sort()).toEqual(
    spec.tools.map((t) => t.name).sort(),
  );
  for (const { at, op } of operations) {
    const tool = spec.tools.find((t) => t.name === op.operationId)!;
    const taken = [
      ...(op.parameters ?? []).map((p) => p.name),
      ...Object.keys(
        op.requestBody?.content["application/json"].schema.properties ?? {},
      ),
    ];
    // Every input is taken, under its own name or its wire name.
    expect(taken.length).toBeGreaterThanOrEqual(
      Object.keys(tool.input.properties ?? {}).length,
    );
    // Every placeholder of the path is a declared path parameter.
    for (const [, name] of at.matchAll(/\{([^}]+)\}/g))
      expect(
        op.parameters?.some((p) => p.in === "path" && p.name === name),
      ).toBe(true);
  }
  expect(openApiYaml(text)).toBe(openApiYaml(text));
});

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  requestBody?: {
    content: {
      "application/json": { schema: { properties: object } };
    };
  };
}
