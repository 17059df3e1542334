import fs from "node:fs";
import path from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { E2E_SUFFIX, ISOLATED_SUFFIX } from "../vitest.config.js";
import { repoRoot } from "./helpers/project.js";

/**
 * What starts a process or a type-checker in a test file: child_process or execa, the helpers
 * that run bins, tsc or npm pack, tsc named, or a call of a type-check helper. The e2e project's
 * business (`*.e2e.test.ts`), never the quick loop's.
 */
const SLOW = [
  /(from |import\(|require\()"(node:)?child_process"/,
  /(from |import\(|require\()"execa"/,
  /from "[./]*(helpers\/bin|helpers\/type-check|helpers\/pack|bin-setup)\.js"/,
  /typescript\/bin\/tsc|["']tsc["']/,
  /\btype[cC]heck\(/,
];
const startsSlow = (source: string) => SLOW.some((re) => re.test(source));

/** Where a test file runs, by its name: the e2e project, the isolated quick project or the shared quick one. */
function projectOf(file: string): "e2e" | "isolated" | "shared" {
  if (file.endsWith(E2E_SUFFIX)) return "e2e";
  if (file.endsWith(ISOLATED_SUFFIX)) return "isolated";
  return "shared";
}

/** A name with a project's mark anywhere but at its end (`a.e2e.isolated.test.ts`, `a.e2e.ts`) says two things or none. */
const misnamed = (file: string) =>
  /\.(e2e|isolated)(\.|$)/.test(
    path.basename(file).slice(0, -projectSuffix(file).length),
  );
const projectSuffix = (file: string) =>
  file.endsWith(E2E_SUFFIX)
    ? E2E_SUFFIX
    : file.endsWith(ISOLATED_SUFFIX)
      ? ISOLATED_SUFFIX
      : file.endsWith(".test.ts")
        ? ".test.ts"
        : ".ts";

/** What a test file that shares its module registry with others must not do (spelt apart here so this file does not match). */
const UNSHAREABLE = [`vi.${"mock"}(`, `vi.${"stubEnv"}(`, `process.${"env"}.`];
const changesShared = (source: string) =>
  UNSHAREABLE.some((what) =>
    what.startsWith("process")
      ? new RegExp(`${what.replace(".", "\\.")}\\w+ =[^=]`).test(source)
      : source.includes(what),
  );

/** Every .ts file under `dir` (fixtures and node_modules aside), repository-relative. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? e.name === "node_modules" || e.name === "fixtures"
          ? []
          : sources(`${dir}/${e.name}`)
        : e.name.endsWith(".ts")
          ? [`${dir}/${e.name}`]
          : [],
    );
}

const read = (file: string) =>
  fs.readFileSync(path.join(repoRoot, file), "utf8");

/** The test helpers (non-test modules) that register hooks when they load. */
function hookHelpers(all: readonly string[]): Set<string> {
  return new Set(
    all.filter(
      (f) =>
        !f.endsWith(".test.ts") && /^(before|after)(All|Each)\(/m.test(read(f)),
    ),
  );
}

/** The repository-relative .ts files `file` imports by a relative path. */
function relativeImports(file: string): string[] {
  return [...read(file).matchAll(/from "(\.{1,2}\/[^"]+)\.js"/g)].map(
    ([, spec]) => path.posix.join(path.posix.dirname(file), `${spec}.ts`),
  );
}

/**
 * Where `file` runs a property without the shared settings of tests/properties/settings.ts, as
 * `file:line: call` ([] when nowhere): every `fc.assert` and `fc.check` must take `seeded(...)`
 * as its options, so CI runs each property from the one fixed seed that TOOLGEN_PROPERTY_SEED
 * overrides; an `fc.sample` must name a seed.
 */
function unseededProperties(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      const options = node.arguments[node.arguments.length - 1];
      const seeded =
        callee === "fc.sample"
          ? options !== undefined &&
            ts.isObjectLiteralExpression(options) &&
            options.properties.some((p) => p.name?.getText(source) === "seed")
          : options !== undefined &&
            ts.isCallExpression(options) &&
            options.expression.getText(source) === "seeded";
      if (/^fc\.(assert|check|sample)$/.test(callee) && !seeded) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${file}:${line + 1}: ${callee}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("property tests", () => {
  it("every property runs from the shared seed", () => {
    const files = sources("tests").filter((f) => f.endsWith(".test.ts"));
    expect(
      files.flatMap((f) => unseededProperties(f, read(f))),
      "pass seeded(numRuns) from tests/properties/settings.ts",
    ).toEqual([]);
  });

  it("the check finds a property without the shared seed", () => {
    const text = [
      "fc.assert(fc.property(fc.nat(), (n) => n >= 0), seeded(10));",
      "fc.assert(fc.property(fc.nat(), (n) => n >= 0));",
      "fc.assert(fc.property(fc.nat(), (n) => n >= 0), { numRuns: 5, seed: 3 });",
      "await fc.check(fc.asyncProperty(fc.nat(), async () => {}), seeded(1));",
      "fc.sample(fc.nat(), { numRuns: 1 });",
      "fc.sample(fc.nat(), { numRuns: 1, seed: SEED });",
    ].join("\n");
    expect(unseededProperties("a.test.ts", text)).toEqual([
      "a.test.ts:2: fc.assert",
      "a.test.ts:3: fc.assert",
      "a.test.ts:5: fc.sample",
    ]);
  });
});

describe("the quick and e2e projects, by file name", () => {
  const all = sources("tests");
  const files = all.filter((f) => f.endsWith(".test.ts"));

  it("every test file's name marks one project at most, at its end", () => {
    expect(
      all.filter(misnamed),
      `end the name in ${E2E_SUFFIX}, ${ISOLATED_SUFFIX} or .test.ts, once`,
    ).toEqual([]);
  });

  it("no quick test starts a process or a type-checker", () => {
    const slow = files.filter(
      (f) => projectOf(f) !== "e2e" && startsSlow(read(f)),
    );
    expect(slow, `rename these to *${E2E_SUFFIX}`).toEqual([]);
  });

  it("no quick test that shares its module registry mocks, changes process.env or loads a helper that registers hooks", () => {
    const hooks = hookHelpers(all);
    const unshareable = files.filter(
      (f) =>
        projectOf(f) === "shared" &&
        (changesShared(read(f)) ||
          relativeImports(f).some((i) => hooks.has(i))),
    );
    expect(unshareable, `rename these to *${ISOLATED_SUFFIX}`).toEqual([]);
  });

  it("the checks find what they look for", () => {
    // Spelt apart, so that this file does not match.
    const slow = [
      `import { execFileSync } from "node:${"child"}_process";`,
      `const { spawn } = await import("${"child"}_process");`,
      `import { execa } from "${"execa"}";`,
      `import { runBin } from "../helpers/${"bin"}.js";`,
      `import { typeCheck } from "../../helpers/${"type"}-check.js";`,
      `import { packTarball } from "../helpers/${"pack"}.js";`,
      `import { molecule } from "./${"bin"}-setup.js";`,
      `const tsc = path.join(repoRoot, "node_modules/typescript/bin/${"ts"}c");`,
      `expect(${"typecheck"}(fixture.consumer)).toEqual([]);`,
    ];
    expect(slow.filter((line) => !startsSlow(line))).toEqual([]);
    expect(
      startsSlow('import { parse } from "yaml";\n// child processes: none'),
    ).toBe(false);
    const unshareable = [
      `vi.${"mock"}("../../generator/io/write.js");`,
      `vi.${"stubEnv"}("TOOLGEN_X", "1");`,
      `process.${"env"}.TOOLGEN_X = "1";`,
    ];
    expect(unshareable.filter((line) => !changesShared(line))).toEqual([]);
    expect(changesShared(`if (process.${"env"}.CI === "1") {}`)).toBe(false);
    expect(
      [
        "tests/a.e2e.test.ts",
        "tests/a.isolated.test.ts",
        "tests/a.test.ts",
        "tests/helpers/a.ts",
      ].filter(misnamed),
    ).toEqual([]);
    expect(
      [
        "tests/a.e2e.isolated.test.ts",
        "tests/a.isolated.e2e.test.ts",
        "tests/a.e2e.ts",
        "tests/a.e2e.spec.test.ts",
      ].filter(misnamed),
    ).toEqual([
      "tests/a.e2e.isolated.test.ts",
      "tests/a.isolated.e2e.test.ts",
      "tests/a.e2e.ts",
      "tests/a.e2e.spec.test.ts",
    ]);
  });
});
