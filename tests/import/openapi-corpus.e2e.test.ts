import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { specInput } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { repoRoot, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

// Real-world OpenAPI documents from npm packages (@readme/oas-examples, a devDependency pinned
// in package.json; @scalar/galaxy's copied into tests/fixtures/openapi/corpus/; both MIT):
// every one imports and generates, or is refused with one clear error (exit 2,
// nothing written), never a crash. docs/import.md states the share that generates; the last
// test holds it to this corpus. GitHub's own description has its test (openapi-github.e2e).

const oas = (p: string) =>
  path.join(repoRoot, "node_modules/@readme/oas-examples", p);
const CORPUS: readonly string[] = [
  oas("3.0/json/petstore-expanded.json"),
  oas("3.0/json/security.json"),
  oas("3.0/json/security-multiple.json"),
  oas("3.0/json/parameters-style.json"),
  oas("3.0/json/schema-circular.json"),
  oas("3.0/json/polymorphism.json"),
  oas("3.0/json/callbacks.json"),
  oas("3.0/json/server-variables.json"),
  oas("3.0/json/uspto.json"),
  oas("3.0/json/star-trek.json"),
  oas("3.0/yaml/petstore.yaml"),
  oas("3.0/yaml/discriminators.yaml"),
  oas("3.0/yaml/readme-legacy.yaml"),
  oas("3.1/json/train-travel.json"),
  oas("3.1/json/webhooks.json"),
  oas("3.1/json/readme.json"),
  oas("3.1/yaml/security.yaml"),
  oas("3.1/yaml/schema-types.yaml"),
  path.join(repoRoot, "tests/fixtures/openapi/corpus/scalar-galaxy.yaml"),
  oas("2.0/json/petstore.json"),
];

interface Outcome {
  readonly file: string;
  readonly generated: boolean;
  readonly tools: number;
  readonly reason: string;
}

async function outcome(file: string): Promise<Outcome> {
  const dir = tempDir("toolgen-corpus-");
  const run = await toolgen(dir, "import", "openapi", file);
  const short = path.relative(repoRoot, file);
  if (run.code !== 0) {
    expect(run.code, `${short}: ${run.stderr}`).toBe(2);
    expect(fs.existsSync(path.join(dir, "tools.yaml")), short).toBe(false);
    const reason = run.stderr.trim().split("\n")[0]!;
    return { file: short, generated: false, tools: 0, reason };
  }
  const text = fs.readFileSync(path.join(dir, "tools.yaml"), "utf8");
  const { files } = generateFromDisk(
    specInput(path.join(dir, "tools.yaml"), text, dir),
  );
  expect(
    files.some((f) => f.path === "client/package.json"),
    short,
  ).toBe(true);
  const tools = text.match(/^ {2}- name: /gm)?.length ?? 0;
  return { file: short, generated: true, tools, reason: "" };
}

describe("a corpus of real-world OpenAPI documents", () => {
  it("imports and generates each, or refuses it with one clear error; the docs state the share", async () => {
    const outcomes: Outcome[] = [];
    for (const file of CORPUS) outcomes.push(await outcome(file));
    const generated = outcomes.filter((o) => o.generated);
    const refused = outcomes.filter((o) => !o.generated);
    for (const o of refused)
      expect(o.reason, o.file).toMatch(/^\S+( \(\d+:\d+\))?: /);
    // The share docs/import.md states, as "N of the M documents".
    const docs = fs.readFileSync(path.join(repoRoot, "docs/import.md"), "utf8");
    const stated = /(\d+) of the (\d+) documents of the corpus/.exec(docs);
    expect(stated, "docs/import.md states the corpus share").not.toBeNull();
    expect(
      [Number(stated![1]), Number(stated![2])],
      JSON.stringify(refused, null, 2),
    ).toEqual([generated.length, CORPUS.length]);
    for (const o of refused)
      expect(docs, `docs/import.md says why ${o.file} is refused`).toContain(
        path.basename(o.file),
      );
  }, 600_000);
});
