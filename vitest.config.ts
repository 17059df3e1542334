import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * A test file's name says where it runs. `*.e2e.test.ts` starts processes (toolgen's bin,
 * generated bins, npm pack and install), runs a type-checker over generated code, or runs the
 * benchmark: the `e2e` project, which `npm run test:e2e` and CI run. Every other test file is
 * the quick loop (`npm test`), in worker threads; `*.isolated.test.ts` is a quick test that needs
 * a module registry of its own: it registers hooks from a helper module that several files share
 * (set up once per file only when each file loads it afresh), mocks a module, or changes
 * process.env. The rest of the quick loop shares one registry per worker, which saves loading the
 * generator again for every file. tests/suites.test.ts holds each file to its name.
 */
export const E2E_SUFFIX = ".e2e.test.ts";
export const ISOLATED_SUFFIX = ".isolated.test.ts";
const e2e = [`tests/**/*${E2E_SUFFIX}`];
const isolated = [`tests/**/*${ISOLATED_SUFFIX}`];

/** What the two quick projects share: threads on every core, run before the e2e project. */
const quick = {
  // Threads start faster than forks; no quick test changes the process's directory.
  pool: "threads",
  // Every core: vitest's default leaves one free, which doubles the loop on 2 cores.
  maxWorkers: Math.max(2, os.availableParallelism()),
  // Projects with other workers run one after the other: the quick ones first.
  sequence: { groupOrder: 0 },
} as const;

export default defineConfig({
  test: {
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A golden that is missing fails, as in CI, instead of being written quietly: goldens are
    // written only by `npm run test:update` (-u), whose diff is then reviewed.
    update: "none",
    projects: [
      {
        extends: true,
        test: {
          ...quick,
          name: "quick",
          include: ["tests/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...e2e, ...isolated],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...quick, name: "quick-isolated", include: isolated },
      },
      {
        extends: true,
        test: { name: "e2e", include: e2e, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
