import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { printJson } from "../../generator/render/json.js";
import type { JsonValue } from "../../generator/model/types.js";

const RUNS = Number(process.env.TOOLGEN_PROPERTY_RUNS ?? 12) * 25;

/** Values shaped like schemas and tool data: short keys, nested lists, numbers of every sign and size, awkward text. */
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "👍🏽",
    "全角",
    'a"b',
    "back\\slash",
    "\u2028",
    "tab\there",
    "x".repeat(70),
  ),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 6 }),
    fc.array(scalar, { maxLength: 30 }),
    fc.array(fc.integer({ min: -1e6, max: 1e6 }), { maxLength: 40 }),
    fc.dictionary(
      fc.oneof(
        fc.string({ maxLength: 8 }),
        fc.constantFrom("inputSchema", "x".repeat(60)),
      ),
      tie("value"),
      { maxKeys: 4 },
    ),
  ),
}));

describe("printJson", () => {
  it("lays any JSON value out exactly as prettier formats it", async () => {
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const json = printJson(v);
        expect(json).toBe(await prettier.format(json, { parser: "json" }));
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: RUNS },
    );
  });

  it.each<[string, JsonValue, string]>([
    [
      "a list of lists of two or more is always open",
      {
        a: [
          [1, 2],
          [3, 4],
        ],
      },
      '{\n  "a": [\n    [1, 2],\n    [3, 4]\n  ]\n}\n',
    ],
    [
      "a list of lists joins when one holds a single item",
      { a: [[1], [3, 4]] },
      '{\n  "a": [[1], [3, 4]]\n}\n',
    ],
    [
      "numbers that do not fit are filled",
      { n: Array.from({ length: 30 }, (_, i) => i * 1000) },
      "",
    ],
    [
      "a list joins only when its line fits 80 columns",
      { ["k".repeat(62)]: ["abcd", "efgh"] },
      "",
    ],
  ])("%s", async (_name, v, expected) => {
    const json = printJson(v);
    expect(json).toBe(await prettier.format(json, { parser: "json" }));
    if (expected) expect(json).toBe(expected);
  });
});
