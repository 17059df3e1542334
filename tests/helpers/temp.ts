import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The environment variable naming this test run's temporary root: tests/helpers/global-setup.ts
 * makes the folder before any test runs and removes it, whole, when the run ends (a failing test
 * included). It also points TMPDIR there, so `os.tmpdir()` in a test and in every process a test
 * starts (npm, the bins, the benchmark) lands inside it too.
 */
export const TEMP_ROOT_VAR = "TOOLGEN_TEST_TMP";

/** This run's temporary root; outside a vitest run (a helper used from a script), the OS's. */
export function tempRoot(): string {
  const root = process.env[TEMP_ROOT_VAR];
  if (root === undefined) return os.tmpdir();
  fs.mkdirSync(root, { recursive: true });
  return root;
}

/** A new empty folder under this run's temporary root, named `<prefix><random>`. */
export function tempDir(prefix = "toolgen-"): string {
  return fs.mkdtempSync(path.join(tempRoot(), prefix));
}
