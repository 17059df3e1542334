import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  installPlatformFixture,
  type PlatformFixture,
} from "../../helpers/platform-fixture.js";
import {
  hasNode24Packages,
  node24Package,
  node24Skip,
} from "../../helpers/node24-packages.js";
import { repoRoot } from "../../helpers/project.js";
import { platformFixturePath } from "../../helpers/reference-spec.js";
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
// An API without workspaces, whose createClient takes its base URL and credential.
let api: PlatformFixture;
beforeAll(() => {
  // openai's types, where this run has them (scripts/node24.sh), for openai.check.ts.
  fixture = installPlatformFixture(platformFixturePath, {
    links: hasNode24Packages ? { openai: node24Package("openai") } : {},
  });
  results = installPlatformFixture(
    path.join(repoRoot, "tests/fixtures/valid/results/tools.yaml"),
  );
  api = installPlatformFixture(
    path.join(repoRoot, "tests/fixtures/api/tools.yaml"),
  );
});
afterAll(() => {
  fixture.remove();
  results.remove();
  api.remove();
});

/** tsc's complaints ("" when none) about `file` (under tests/emitters/), copied with `beside` into a consumer. */
function typeCheckIn(
  installed: PlatformFixture,
  file: string,
  beside: readonly string[] = [],
): string {
  const dir = fs.mkdtempSync(path.join(installed.consumer.dir, "types-"));
  for (const f of [file, ...beside])
    fs.copyFileSync(
      path.join(import.meta.dirname, "..", f),
      path.join(dir, path.basename(f)),
    );
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
    files: [path.join(dir, path.basename(file))],
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  try {
    execFileSync(
      process.execPath,
      [path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir],
      { encoding: "utf8" },
    );
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout);
  }
}

it.each([
  ["client/consumer.ts", () => fixture],
  ["langchain/typing.check.ts", () => fixture],
  ["client/results.check.ts", () => results],
  ["client/api.check.ts", () => api],
  ["function-calling/typing.check.ts", () => fixture],
])(
  "the generated types accept correct use and reject each mistake in %s",
  (file, installed) => {
    expect(typeCheckIn(installed(), file)).toBe("");
  },
);

it.skipIf(!hasNode24Packages)(
  `the generated types accept correct use and reject each mistake in function-calling/openai.check.ts, with payloads.ts${node24Skip("openai 7")}`,
  () => {
    expect(
      typeCheckIn(fixture, "function-calling/openai.check.ts", [
        "function-calling/payloads.ts",
      ]),
    ).toBe("");
  },
);

it("type-checks every package generated from a spec with titles, hints and output schemas, strictly", () => {
  expect(typecheck(results.consumer)).toEqual([]);
});

it("type-checks every package generated from a spec of an API without workspaces, strictly", () => {
  expect(typecheck(api.consumer)).toEqual([]);
});
