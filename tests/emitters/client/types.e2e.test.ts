import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import { repoRoot } from "../../helpers/project.js";
import { typecheck } from "../../hardening/consumer.js";

/*
 * The type-level checks name the platform fixture's tools, so they are compiled against the
 * packages generated from it (tools.yaml's own packages would change under a user's edits):
 * each file is copied into the fixture's consumer folder, where the package names resolve to
 * the fixture's packages, and type-checked there strictly. tsconfig.json leaves them out.
 */
let fixture: PlatformFixture;
// Typed results need tools with `output`, which the platform fixture does not declare.
let results: PlatformFixture;
beforeAll(() => {
  fixture = installPlatformFixture();
  results = installPlatformFixture(
    path.join(repoRoot, "tests/fixtures/valid/results/tools.yaml"),
  );
});
afterAll(() => {
  fixture.remove();
  results.remove();
});

it.each([
  ["client/consumer.ts", () => fixture],
  ["langchain/typing.check.ts", () => fixture],
  ["client/results.check.ts", () => results],
  ["function-calling/typing.check.ts", () => fixture],
])(
  "the generated types accept correct use and reject each mistake in %s",
  (file, installed) => {
    const dir = fs.mkdtempSync(path.join(installed().consumer.dir, "types-"));
    const copy = path.join(dir, path.basename(file));
    fs.copyFileSync(path.join(import.meta.dirname, "..", file), copy);
    const tsconfig = {
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        strict: true,
        noEmit: true,
        types: ["node"],
        typeRoots: [path.join(repoRoot, "node_modules/@types")],
        skipLibCheck: false,
      },
      files: [copy],
    };
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    let output = "";
    try {
      execFileSync(
        process.execPath,
        [path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir],
        { encoding: "utf8" },
      );
    } catch (e) {
      output = String((e as { stdout?: string }).stdout);
    }
    expect(output).toBe("");
  },
);

it("type-checks every package generated from a spec with titles, hints and output schemas, strictly", () => {
  expect(typecheck(results.consumer)).toEqual([]);
});
