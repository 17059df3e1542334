import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { fixtures, repoRoot } from "./project.js";

/**
 * The repository's tools.yaml, which users edit (add, rename, remove tools), read on its own
 * with the yaml package, not through toolgen's model; and the frozen copy under
 * tests/fixtures/platform/ that the tests' hand-written expectations were written from.
 */
export interface SpecTool {
  readonly name: string;
  readonly section: string;
  readonly short: string;
  readonly when_to_use: string;
  readonly input: Record<string, unknown>;
  readonly local?: boolean;
  readonly http?: unknown;
  readonly cli?: unknown;
}

export interface Spec {
  readonly sections: { id: string; cli?: unknown }[];
  readonly tools: SpecTool[];
}

export const referenceSpecPath = path.join(repoRoot, "tools.yaml");
export const platformFixturePath = path.join(fixtures, "platform/tools.yaml");

export function readSpec(file: string): Spec {
  return parse(fs.readFileSync(file, "utf8")) as Spec;
}

/** The reference tools.yaml as it is now. */
export const referenceSpec = (): Spec => readSpec(referenceSpecPath);
