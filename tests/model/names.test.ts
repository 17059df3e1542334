import fc from "fast-check";
import { seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import { camelCase, pascalCase } from "../../generator/model/names.js";

/** camelCase as first written: split on runs of _ and -, drop the empty words, case each. */
function camelBySplit(name: string): string {
  const words = name.split(/[_-]+/).filter(Boolean);
  return words
    .map((w, i) =>
      i === 0
        ? w.charAt(0).toLowerCase() + w.slice(1)
        : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join("");
}

describe("camelCase", () => {
  it("cases every name as splitting it on runs of _ and - does", () => {
    const name = fc
      .array(
        fc.constantFrom(
          "a",
          "B",
          "z9",
          "_",
          "-",
          "__",
          "é",
          "ß",
          "İ",
          "😀",
          " ",
        ),
        { maxLength: 8 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(name, (n) => {
        expect(camelCase(n)).toBe(camelBySplit(n));
      }),
      seeded(3000),
    );
  });

  it("reads the usual tool names", () => {
    expect(camelCase("delegate_task")).toBe("delegateTask");
    expect(camelCase("Delegate--task_")).toBe("delegateTask");
    expect(pascalCase("delegate-task")).toBe("DelegateTask");
  });
});
