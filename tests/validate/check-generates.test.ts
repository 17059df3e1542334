import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkGenerates,
  gatherInputs,
  generate,
  specInput,
  SpecError,
} from "../../generator/index.js";
import { minimalVariant, specs } from "../emitters/docs/helpers.js";

// toolgen import asks checkGenerates, not generate, before it writes a spec: every check gen
// makes, the ones on the rendered prompt docs included, with no file emitted.
const inputs = (text: string) =>
  gatherInputs(specInput(specs.minimal!, text, path.dirname(specs.minimal!)), {
    cwd: path.dirname(specs.minimal!),
  });

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (e instanceof SpecError) return e.diagnostics;
    throw e;
  }
  return undefined;
};

describe("checkGenerates", () => {
  it("warns as gen does, the rendered docs' budget included", () => {
    const text = minimalVariant((s) => {
      s.targets.docs.budget = 10;
    });
    const warnings = generate(inputs(text)).warnings;
    expect(warnings.map((w) => w.code)).toContain("over-budget");
    expect(checkGenerates(inputs(text)).warnings).toEqual(warnings);
  });

  it("refuses what gen refuses, with the same errors", () => {
    const text = minimalVariant((s) => {
      s.tools[0].name = "Not A Name";
    });
    const errors = failure(() => generate(inputs(text)));
    expect(errors?.length).toBeGreaterThan(0);
    expect(failure(() => checkGenerates(inputs(text)))).toEqual(errors);
  });
});
