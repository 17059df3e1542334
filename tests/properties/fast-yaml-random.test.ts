import fc from "fast-check";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { AGREE, agree } from "./fast-yaml-agree.js";
import { RUNS, seeded, TIMEOUT } from "./settings.js";

// The two YAML readers on random text: YAML-shaped pieces, YAML-shaped lines, and values written
// by the yaml library in each of its styles.

describe(AGREE, { timeout: TIMEOUT }, () => {
  it("on random YAML-shaped text", () => {
    const piece = fc.constantFrom(
      ...[
        "a",
        "b",
        "k",
        ": ",
        ":",
        " ",
        "  ",
        "\n",
        "\n  ",
        "- ",
        "-",
        "[",
        "]",
        "{",
        "}",
        ", ",
        '"',
        "'",
        "#",
        " #",
        "&a ",
        "*a",
        "!",
        "!!str ",
        "|",
        "|-",
        ">",
        ">+",
        "? ",
        "1",
        "0",
        "-1",
        ".5",
        "1e3",
        "0x1F",
        "0o7",
        ".inf",
        ".NaN",
        "~",
        "null",
        "true",
        "False",
        "\\",
        "\\n",
        "\\x41",
        "\t",
        "%",
        "@",
        "`",
        "\r\n",
        "\r",
        "---",
        "...",
        "<<: ",
        "__proto__",
        "\u2028",
        "\u0085",
        "\ufeff",
        "é",
        "😀",
      ],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        agree(parts.join(""));
      }),
      seeded(RUNS * 200),
    );
  });

  it("on random YAML-shaped lines", () => {
    const scalar = fc.constantFrom(
      ...[
        "a",
        "b c",
        "",
        "1",
        "-0",
        "+1",
        "007",
        "1.0",
        "1.",
        ".5",
        "1e3",
        "-1E-2",
        "0x1F",
        "0o17",
        "0b1",
        ".inf",
        "-.Inf",
        ".NaN",
        "~",
        "null",
        "Null",
        "true",
        "FALSE",
        "yes",
        "on",
        '"q"',
        '"\\t\\u00e9\\x41"',
        "'it''s'",
        "'a",
        '"a',
        "|",
        "|-",
        "|+",
        ">",
        ">-",
        "[]",
        "{}",
        "[a, 1]",
        "{a: 1, b: [x]}",
        "a #c",
        "a#b",
        "a: b",
        "a:b",
        "x:",
        "-",
        "- a",
        "@x",
        "`x",
        "%x",
        "&a x",
        "*a",
        "__proto__",
        "\u2028",
        "é 😀",
        "a  b",
        "a \\ b",
        "[a,",
        "{a",
        "a]",
        "}",
      ],
    );
    const key = fc.constantFrom(
      ...[
        "a",
        "b",
        "k",
        "1",
        "1.0",
        "true",
        "null",
        "~",
        '"a"',
        "'b'",
        "__proto__",
        "a b",
        "[a]",
        "{a: 1}",
        "",
      ],
    );
    const line = fc
      .tuple(
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        fc.option(key),
        scalar,
        fc.constantFrom("", " ", " # c"),
      )
      .map(
        ([indent, dash, k, v, tail]) =>
          `${" ".repeat(indent)}${dash ? "- " : ""}${k === null ? "" : `${k}: `}${v}${tail}`,
      );
    let read = 0;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.constantFrom("\n", "\r\n"),
        (lines, eol) => {
          if (agree(lines.join(eol))) read++;
        },
      ),
      seeded(RUNS * 200),
    );
    expect(read).toBeGreaterThan(0);
  });

  it("on random values written in every style the yaml library writes", () => {
    const str = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.string({
        unit: fc.constantFrom(
          ..." \n\r\t#:-?[]{},'\"\\|>&*!%@`~.0123456789eExabnulrtfs".split(""),
        ),
        maxLength: 30,
      }),
    );
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        str,
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("v"), { maxLength: 5 }),
        fc.dictionary(str, tie("v"), { maxKeys: 5 }),
      ),
    })).v;
    const options = fc.record({
      lineWidth: fc.constantFrom(0, 20, 80),
      minContentWidth: fc.constantFrom(0, 20),
      indent: fc.constantFrom(2, 4),
      indentSeq: fc.boolean(),
      defaultStringType: fc.constantFrom(
        "PLAIN",
        "QUOTE_DOUBLE",
        "QUOTE_SINGLE",
        "BLOCK_LITERAL",
        "BLOCK_FOLDED",
      ) as fc.Arbitrary<"PLAIN">,
      defaultKeyType: fc.constantFrom(
        null,
        "PLAIN",
        "QUOTE_DOUBLE",
        "QUOTE_SINGLE",
      ) as fc.Arbitrary<null>,
      collectionStyle: fc.constantFrom(
        "any",
        "block",
        "flow",
      ) as fc.Arbitrary<"any">,
    });
    let read = 0;
    fc.assert(
      fc.property(
        fc.dictionary(str, value, { minKeys: 1, maxKeys: 6 }),
        options,
        (v, o) => {
          const text = stringify(v, o);
          if (agree(text)) read++;
        },
      ),
      seeded(RUNS * 100),
    );
    expect(read).toBeGreaterThan(0);
  });
});
