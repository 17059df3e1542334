import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Test files that start processes (toolgen's bin, generated bins, npm pack and install), run a
 * type-checker over generated code, or run the benchmark. They make the `e2e` project, which
 * `npm run test:e2e` and CI run; `npm test` runs the rest, the quick loop, in worker threads.
 * Each entry is a file's path or every test under a folder; tests/suites.test.ts reads this list
 * to hold the quick project to that rule.
 */
export const E2E = [
  "tests/bench.test.ts",
  "tests/package/**/*.test.ts",
  "tests/cli/format-github.test.ts",
  "tests/cli/watch.test.ts",
  "tests/determinism.test.ts",
  "tests/diff/git.test.ts",
  "tests/pure-generate.test.ts",
  "tests/emitters/targets.test.ts",
  "tests/emitters/views.test.ts",
  "tests/emitters/cli/bin-commands.test.ts",
  "tests/emitters/cli/bin-did-you-mean.test.ts",
  "tests/emitters/cli/bin-exit-codes.test.ts",
  "tests/emitters/cli/bin-local-tool.test.ts",
  "tests/emitters/cli/help.test.ts",
  "tests/emitters/cli/typed.test.ts",
  "tests/emitters/client/types.test.ts",
  "tests/emitters/mcp/emitter.test.ts",
  "tests/emitters/mcp/stdio.test.ts",
  "tests/hardening/concurrent.test.ts",
  "tests/emitters/mcp/http-bin.test.ts",
  "tests/emitters/mcp/missing-sdk.test.ts",
  "tests/emitters/mcp/missing-runtime.test.ts",
  "tests/emitters/missing-sibling.test.ts",
  "tests/emitters/mcp/server-version.test.ts",
  "tests/emitters/mcp/docs-examples.test.ts",
  "tests/hardening/corpus.test.ts",
  "tests/hardening/injection.test.ts",
  "tests/hardening/interrupted.test.ts",
  "tests/helpers/temp.test.ts",
  "tests/hardening/spec-size.test.ts",
  "tests/io/write.test.ts",
  "tests/properties/generate.test.ts",
  "tests/reference/runtime/cli-bin.test.ts",
  "tests/reference/runtime/inbox-crash.test.ts",
  "tests/reference/runtime/mcp-bin.test.ts",
  "tests/render/schema-types.test.ts",
  "tests/runtime/mcp/stdio.test.ts",
  "tests/runtime/mcp/stdio-lines.test.ts",
  "tests/validate/precompiled.test.ts",
];

/**
 * Quick tests that need a module registry of their own: they register hooks from a helper module
 * that several files share (set up once per file only when each file loads it afresh), mock a
 * module, or change process.env. The rest of the quick loop shares one registry per worker,
 * which saves loading the generator again for every file. tests/suites.test.ts finds the files
 * that belong here.
 */
export const ISOLATED = [
  "tests/emitters/function-calling/docs-examples.test.ts",
  "tests/emitters/langchain/package-calls.test.ts",
  "tests/emitters/langchain/package-errors.test.ts",
  "tests/emitters/langchain/package-tool-list.test.ts",
  "tests/reference/runtime/inbox-polling.test.ts",
  "tests/reference/runtime/inbox-state.test.ts",
  "tests/reference/runtime/inbox-tools.test.ts",
  "tests/reference/runtime/langchain.test.ts",
  "tests/reference/runtime/log.test.ts",
  "tests/reference/runtime/registration.test.ts",
  "tests/reference/runtime/tools.test.ts",
  "tests/render/handlebars.test.ts",
  "tests/runtime/client/env.test.ts",
  "tests/runtime/mcp/serve-calls.test.ts",
  "tests/runtime/mcp/serve-errors.test.ts",
  "tests/runtime/mcp/serve-refusals.test.ts",
  "tests/runtime/mcp/register.test.ts",
  "tests/runtime/mcp/http.test.ts",
];

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
          exclude: [...E2E, ...ISOLATED],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...quick, name: "quick-isolated", include: ISOLATED },
      },
      {
        extends: true,
        test: { name: "e2e", include: E2E, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
