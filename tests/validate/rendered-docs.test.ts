import fc from "fast-check";
import { seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import { codePoints } from "../../generator/validate/rendered-docs.js";

describe("counting a text's characters", () => {
  it("counts code points as spreading the string does, lone surrogates included", () => {
    const unit = fc.oneof(
      fc.constantFrom("a", "é", "日", "\ud83d", "\ude00", "😀", "👍🏽"),
      fc.string({ unit: "binary", maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(codePoints(text)).toBe([...text].length);
      }),
      seeded(2000),
    );
  });
});
