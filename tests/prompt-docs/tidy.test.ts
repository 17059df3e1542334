import fc from "fast-check";
import { seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import { tidy, tidyOutput } from "../../generator/prompt-docs/context.js";

/** Mostly the characters tidying is about (spaces, tabs, CR, LF), and some that only look like them. */
const blanky = fc.string({
  unit: fc.constantFrom(..."ab \t\t\r\n\n\n\u2028\u00a0\f\v#".split("")),
  maxLength: 60,
});
/** Texts shaped like rendered docs: lines of words, with blank and space-only lines between them. */
const docLike = fc
  .array(
    fc.oneof(
      fc.constantFrom("", " ", "\t", "  \t", "\r"),
      fc.string({
        unit: fc.constantFrom(..."ab -*:`".split("")),
        maxLength: 12,
      }),
    ),
    { maxLength: 20 },
  )
  .map((lines) => lines.join("\n"));
const anyText = fc.oneof(blanky, docLike, fc.string());

/** The text without the white space tidying may take away. */
const ink = (text: string) => text.replace(/[ \t\r\n]/g, "");

describe("tidying texts", () => {
  it("tidy: LF only, no white space at a line's end, no final break; nothing else taken", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const tidied = tidy(text);
        expect(tidied).not.toMatch(/\r|[ \t]\n|[ \t\n]$/);
        expect(ink(tidied)).toBe(ink(text));
        expect(tidy(tidied)).toBe(tidied);
      }),
      seeded(3000),
    );
  });

  it("tidyOutput: tidy, no blank line first, none twice, one final newline", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const tidied = tidyOutput(text);
        expect(tidied).not.toMatch(/\r|[ \t]\n|^\n(?!$)|\n\n\n|[ \t\n]\n$/);
        expect(tidied.endsWith("\n")).toBe(true);
        expect(ink(tidied)).toBe(ink(text));
        expect(tidyOutput(tidied)).toBe(tidied);
      }),
      seeded(3000),
    );
  });

  it.each([
    ["", "", "\n"],
    ["\n", "", "\n"],
    ["\n\n\n", "", "\n"],
    [" ", "", "\n"],
    ["\t\n \n", "", "\n"],
    ["a", "a", "a\n"],
    ["a\n", "a", "a\n"],
    ["\na", "\na", "a\n"],
    ["\n\n\na \n\n\n\nb\t\r\n\r\n", "\n\n\na\n\n\n\nb", "a\n\nb\n"],
    ["a\r\rb", "a\n\nb", "a\n\nb\n"],
    ["a\u2028 \nb", "a\u2028\nb", "a\u2028\nb\n"],
    [" a \n  b  ", " a\n  b", " a\n  b\n"],
  ])("%j", (text, tidied, output) => {
    expect(tidy(text)).toBe(tidied);
    expect(tidyOutput(text)).toBe(output);
  });

  it("long runs of spaces, tabs and newlines: kept inside a line, taken at its end, in time linear in the text", () => {
    // `/[ \t]+$/gm` and `/\n+$/` took seconds for runs of 40,000 (quadratic): runs this long
    // would not finish within the test's time.
    const run = 200_000;
    const spaces = " ".repeat(run);
    const newlines = "\n".repeat(run);
    const text = `a${spaces}b\nc${"\t ".repeat(run / 2)}\n${newlines}d${spaces}${newlines}`;
    expect(tidy(text)).toBe(`a${spaces}b\nc\n${newlines}d`);
    expect(tidyOutput(text)).toBe(`a${spaces}b\nc\n\nd\n`);
    expect(tidy(`${spaces}\r\n`.repeat(3))).toBe("");
  }, 10_000);
});
