import { loadSpec, SpecError } from "../../generator/index.js";
import { diffSpecs, type DiffResult } from "../../generator/breaking/index.js";
import { minimalVariant } from "../helpers/project.js";

export type Edit = [from: string, to: string];

/** diffSpecs on two spec texts, both read, validated and modelled as gen does. */
export function diffTexts(base: string, current: string): DiffResult {
  const side = (file: string, text: string) => {
    try {
      return loadSpec({ file, text, dir: "/nonexistent" });
    } catch (e) {
      if (e instanceof SpecError)
        throw new Error(
          `${file} is not valid:\n${e.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`).join("\n")}`,
        );
      throw e;
    }
  };
  return diffSpecs(side("base.yaml", base), side("tools.yaml", current));
}

/** The minimal fixture spec with the edits applied (none: the fixture itself). */
export const variant = (edits: readonly Edit[]) => minimalVariant(...edits);

/** The change names found, sorted (the order is the locations', tested apart). */
export const names = (r: DiffResult) => r.changes.map((c) => c.change).sort();

/** The 1-based line of the first line of `text` holding `needle`. */
export function lineOf(text: string, needle: string): number {
  const i = text.split("\n").findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`no line holds ${JSON.stringify(needle)}`);
  return i + 1;
}
