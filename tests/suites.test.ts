import fs from "node:fs";
import path from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { E2E, ISOLATED } from "../vitest.config.js";
import { repoRoot } from "./helpers/project.js";

/** Modules that start a process or a type-checker: the e2e project's business, never the quick loop's. */
const SLOW_MODULES = [
  "node:child_process",
  "helpers/bin.js",
  "helpers/type-check.js",
  "helpers/pack.js",
  "bin-setup.js",
];
const importsSlow = (source: string) =>
  SLOW_MODULES.some((m) => new RegExp(`from "[./]*${m}"`).test(source));

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

/** An entry of E2E is a file's path or `<folder>/` followed by `**` and `/*.test.ts`. */
function matches(entry: string, file: string): boolean {
  const folder = entry.endsWith("/**/*.test.ts")
    ? entry.slice(0, -"**/*.test.ts".length)
    : undefined;
  return folder ? file.startsWith(folder) : file === entry;
}

const inE2E = (file: string) => E2E.some((entry) => matches(entry, file));
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

describe("the quick and e2e projects", () => {
  const all = sources("tests");
  const files = all.filter((f) => f.endsWith(".test.ts"));
  const shared = files.filter((f) => !inE2E(f) && !ISOLATED.includes(f));

  it("every entry of the e2e and isolated lists names test files that exist", () => {
    for (const entry of E2E)
      expect(
        files.some((f) => matches(entry, f)),
        entry,
      ).toBe(true);
    for (const entry of ISOLATED) {
      expect(files, entry).toContain(entry);
      expect(inE2E(entry), entry).toBe(false);
    }
  });

  it("no quick test starts a process or a type-checker", () => {
    const slow = files.filter((f) => !inE2E(f) && importsSlow(read(f)));
    expect(slow, "move these to E2E in vitest.config.ts").toEqual([]);
  });

  it("no quick test that shares its module registry mocks, changes process.env or loads a helper that registers hooks", () => {
    const hooks = hookHelpers(all);
    const unshareable = shared.filter(
      (f) =>
        changesShared(read(f)) || relativeImports(f).some((i) => hooks.has(i)),
    );
    expect(unshareable, "move these to ISOLATED in vitest.config.ts").toEqual(
      [],
    );
  });
});
