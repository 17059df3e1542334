import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { printJson } from "../../generator/render/json.js";
import { textWidth } from "../../generator/render/width.js";

const RUNS = Number(process.env.TOOLGEN_PROPERTY_RUNS ?? 12) * 50;

/** Text of every kind prettier measures differently: emoji sequences, wide and combining characters. */
const awkward = fc.string({
  unit: fc.oneof(
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
    fc.constantFrom(
      "👍🏽",
      "👨‍👩‍👧",
      "🆑",
      "🈀",
      "©",
      "©️",
      "☺",
      "e\u0301",
      "\u0489",
      "𖿠",
      "全",
      "ｱ",
      "\u00ad",
      "x",
      " ",
    ),
  ),
  maxLength: 12,
});

describe("the width of a text", () => {
  it.each([
    "👍🏽",
    "👨‍👩‍👧",
    "🆑",
    "🈀",
    "©",
    "©️",
    "e\u0301",
    "\u0489",
    "𖿠",
    "全角",
    "ascii",
  ])("of %s is prettier's", (text) => {
    expect(textWidth(text)).toBe(prettier.util.getStringWidth(text));
  });

  it("is prettier's for random text", () => {
    fc.assert(
      fc.property(
        awkward,
        (text) => textWidth(text) === prettier.util.getStringWidth(text),
      ),
      { numRuns: RUNS },
    );
  });

  it("lays a JSON list of such text out as prettier does, flat or broken", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(awkward, { maxLength: 8 }),
        fc.integer({ min: 0, max: 60 }),
        async (items, pad) => {
          const json = printJson({ ["k".repeat(pad)]: items });
          expect(json).toBe(await prettier.format(json, { parser: "json" }));
        },
      ),
      { numRuns: Math.ceil(RUNS / 10) },
    );
  });
});
