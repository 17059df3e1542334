import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readFast } from "../../generator/read/fast-yaml.js";
import { MAX_DEPTH } from "../../generator/read/parse.js";
import { agree } from "../properties/fast-yaml-agree.js";
import { RUNS, seeded } from "../properties/settings.js";

describe("readFast", () => {
  it("reads plain YAML", () => {
    expect(readFast("a: 1\nb: [x, 'y']\nc:\n  - true\n  - ~\n")).toEqual({
      value: { a: 1, b: ["x", "y"], c: [true, null] },
    });
  });

  // One text for each kind the yaml library must read instead (fast-yaml.ts's DECLINED and checks).
  it.each([
    ["a directive", "%YAML 1.2\n---\na: 1\n"],
    ["a document marker", "a: 1\n...\n"],
    ["a comment right after a quote", "a: 'x'# c\n"],
    ["an indentation indicator", "a: |2\n   x\n"],
    ["kept trailing lines", "a: |+\n  x\n\n"],
    ["a complex key", "? a\n: b\n"],
    ["a tag", "a: !!str 1\n"],
    ["a tab", "a:\tb\n"],
    ["a stray byte-order mark", "a: \ufeffb\n"],
    ["a flow collection as a key", "[a]: b\n"],
    ["an empty list entry", "- -\n- a\n"],
    ["indented first content", "  a: 1\nb: 2\n"],
    ["a colon far into a line", `${"k".repeat(1100)}: v\n`],
    ["a longer blank line opening a block scalar", "a: |\n    \n  x\n"],
    ["a flow collection across lines", "a: [b,\n  c]\n"],
    ["a quoted scalar going on too little indented", "a: 'x\nb: y'\n"],
    ["an anchor", "a: &x 1\nb: *x\n"],
    ["an anchor on a collection", "- &x [1]\n"],
    ["a key js-yaml made from a number", "1: a\n"],
    ["a long key", `${"k".repeat(70)}: v\n`],
    ["an empty document", "# nothing\n"],
    ["a js-yaml error", "a: 'x\n"],
  ])("leaves %s to the yaml library", (_kind, text) => {
    expect(readFast(text)).toBeUndefined();
  });

  // js-yaml stops one level past MAX_DEPTH (64), counting a level for each value (for compact
  // block lists, one more): what it declines, parseSpec measures on the yaml library's value, and
  // both ways give the same value or the same nesting error.
  it.each([
    [
      "block mappings",
      (n: number) =>
        `${Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}k:`).join("\n")} 1\n`,
    ],
    [
      "flow lists",
      (n: number) => `k: ${"[".repeat(n - 1)}1${"]".repeat(n - 1)}\n`,
    ],
    ["block lists", (n: number) => `k:\n${"- ".repeat(n - 1)}1\n`],
  ])(
    "reads %s nested below MAX_DEPTH, and declines them deeper",
    (_kind, nested) => {
      expect(readFast(nested(MAX_DEPTH - 1))).toBeDefined();
      for (const depth of [MAX_DEPTH + 1, MAX_DEPTH + 2])
        expect(readFast(nested(depth))).toBeUndefined();
      for (let depth = MAX_DEPTH - 1; depth <= MAX_DEPTH + 2; depth++)
        agree(nested(depth));
    },
  );

  it("reads an & that anchors nothing", () => {
    expect(readFast("a: b&c\nd: 'e & f'\n")).toBeDefined();
  });

  it("reads number-shaped scalars as the yaml library's core schema does", () => {
    const numberish = fc.oneof(
      fc.string({
        unit: fc.constantFrom(..."0123456789+-.eEoxXabcfinNaAIF_:".split("")),
        minLength: 1,
        maxLength: 8,
      }),
      fc.constantFrom(
        ...[".inf", "-.Inf", "+.INF", ".nan", ".NaN", ".NAN", "0o17", "0x1F"],
        ...["0x", "0o", "-0", "+0", "1e3", "1E-2", ".5", "5.", "-.5e+3"],
        ...["1_000", "007", "0b1"],
      ),
      fc.double().map(String),
      fc.integer().map(String),
    );
    /** The value written out with numbers as text, so -0, NaN and the infinities are compared exactly. */
    const exact = (value: unknown): string =>
      JSON.stringify(value, (_key, v: unknown) =>
        typeof v === "number" ? `number ${Object.is(v, -0) ? "-0" : v}` : v,
      );
    let read = 0;
    fc.assert(
      fc.property(numberish, (s) => {
        for (const text of [`k: ${s}\n`, `k: [${s}, x]\n`]) {
          const fast = readFast(text);
          if (fast === undefined) continue;
          read++;
          const yaml: unknown = parse(text, { version: "1.2", schema: "core" });
          expect(exact(fast.value)).toBe(exact(yaml));
        }
      }),
      seeded(RUNS * 200),
    );
    expect(read).toBeGreaterThan(0);
  });
});
