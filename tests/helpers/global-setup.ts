import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEMP_ROOT_VAR } from "./temp.js";

/**
 * Before any test: keeps dist/ fresh (tests run the generator from source, but emitters copy the
 * compiled runtime from dist/) and makes this run's temporary root, which every temporary folder
 * of the tests and of the processes they start lives under (tests/helpers/temp.ts). After the
 * last test, failed or not, the root is removed whole: a run leaves nothing in the OS's temp folder.
 */
export default async function setup(): Promise<() => void> {
  // @ts-expect-error: a plain .mjs build script without declarations.
  const { isStale, build } = await import("../../scripts/build.mjs");
  if (isStale()) await build();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "toolgen-tests-"));
  // Workers and the processes they start inherit both.
  process.env[TEMP_ROOT_VAR] = root;
  process.env.TMPDIR = root;
  return () => fs.rmSync(root, { recursive: true, force: true });
}
