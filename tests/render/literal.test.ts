import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  docComment,
  propertyKey,
  stringLiteral,
} from "../../generator/render/literal.js";
import * as reference from "./literal-reference.js";

const RUNS = Number(process.env.TOOLGEN_PROPERTY_RUNS ?? 12) * 100;

/** Every UTF-16 code unit alone and between letters: escapes, quotes, white space, lone surrogates. */
const everyUnit = Array.from({ length: 0x10000 }, (_, code) =>
  String.fromCharCode(code),
);

/** Text mixing what literal.ts treats apart: quotes, backslashes, breaks, `*​/`, spaces, surrogates, identifiers. */
const awkward = fc.string({
  unit: fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.constantFrom(
      '"',
      "'",
      "\\",
      "\n",
      "\r\n",
      "\r",
      "\u2028",
      "\u2029",
      "*/",
      "*",
      "/",
      " ",
      "\t",
      "\u00a0",
      "\u3000",
      "\ufeff",
      "\x7f",
      "\x85",
      "\ud83d",
      "\ude00",
      "😀",
      "naïve",
      "a",
      "$",
      "_",
      "0",
    ),
  ),
  maxLength: 16,
});

describe("literal.ts's fast paths agree with the plain character-by-character version", () => {
  it("for every code unit, alone and inside text", () => {
    const differing: string[] = [];
    for (const unit of everyUnit) {
      for (const text of [
        unit,
        `a${unit}`,
        `${unit}b`,
        `a ${unit} */\n${unit}`,
      ]) {
        if (stringLiteral(text) !== reference.stringLiteral(text))
          differing.push(`stringLiteral ${JSON.stringify(text)}`);
        if (docComment(text, "  ") !== reference.docComment(text, "  "))
          differing.push(`docComment ${JSON.stringify(text)}`);
        if (propertyKey(text) !== reference.propertyKey(text))
          differing.push(`propertyKey ${JSON.stringify(text)}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it("for random awkward text", () => {
    fc.assert(
      fc.property(
        awkward,
        fc.constantFrom("", "  ", "    "),
        (text, indent) => {
          expect(stringLiteral(text)).toBe(reference.stringLiteral(text));
          expect(docComment(text, indent)).toBe(
            reference.docComment(text, indent),
          );
          expect(propertyKey(text)).toBe(reference.propertyKey(text));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("for the shapes a spec gives most", () => {
    for (const text of [
      "",
      " ",
      "list_project_0",
      "__proto__",
      "Input of x: y.",
      "Trailing  ",
      'Two\n@default "low"',
      "a\r\n\r\n",
      "end */ here",
      'say "hi"',
      "it's",
    ]) {
      expect(stringLiteral(text)).toBe(reference.stringLiteral(text));
      expect(docComment(text, "")).toBe(reference.docComment(text, ""));
      expect(propertyKey(text)).toBe(reference.propertyKey(text));
    }
  });
});
