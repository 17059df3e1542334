import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tidy, tidyOutput } from "../../../generator/emitters/docs/context.js";

/** tidy as it was first written, line by line with a regex each: the reference the one-pass version must agree with. */
function referenceTidy(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n+$/, "");
}

function referenceTidyOutput(text: string): string {
  const body = referenceTidy(text)
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+/, "");
  return `${body}\n`;
}

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

describe("tidying texts in one pass", () => {
  it("tidy agrees with the line-by-line reference", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(tidy(text)).toBe(referenceTidy(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("tidyOutput agrees with the line-by-line reference", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(tidyOutput(text)).toBe(referenceTidyOutput(text));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    "",
    "\n",
    "\n\n\n",
    " ",
    "\t\n \n",
    "a",
    "a\n",
    "\na",
    "\n\n\na \n\n\n\nb\t\r\n\r\n",
    "a\r\rb",
    "a\u2028 \nb",
    " a \n  b  ",
  ])("agrees on %j", (text) => {
    expect(tidy(text)).toBe(referenceTidy(text));
    expect(tidyOutput(text)).toBe(referenceTidyOutput(text));
  });
});
