import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  directText,
  libraryText,
  yamlText,
  type ItemComments,
} from "../../generator/import/yaml-text.js";
import { seeded } from "../properties/settings.js";

// yamlText writes what the yaml library's Document writes, byte for byte: random values made of
// the pieces the library's rules turn on, and the cases that found differences, against
// libraryText, which is the library itself.

/** Pieces each of which some rule of the library's scalar writing turns on. */
const pieces = [
  "a",
  "word",
  " ",
  "  ",
  "\t",
  "\n",
  "\n\n",
  ":",
  ": ",
  "#",
  " #",
  "-",
  "- ",
  "?",
  "? ",
  ",",
  "[",
  "]",
  "{",
  "}",
  "&",
  "*",
  "!",
  "|",
  ">",
  "'",
  '"',
  "%",
  "@",
  "`",
  "---",
  "...",
  "~",
  "null",
  "true",
  "False",
  "0x1F",
  "0o17",
  "12",
  "-3",
  "1.5",
  ".5",
  "1e3",
  ".inf",
  ".NaN",
  "\\",
  "\\n",
  "é",
  "全角",
  "😀",
  "\u0000",
  "\u0001",
  "\u0007",
  "\u001b",
  "\u007f",
  "\ud800",
  "\u0085",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "x".repeat(50),
];

const text = fc
  .array(fc.constantFrom(...pieces), { maxLength: 6 })
  .map((parts) => parts.join(""));

const scalar = fc.oneof(
  { weight: 6, arbitrary: text },
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(0.5, -0, 1e21, 5e-7, 123456789.125, -2.5e-10),
);

const { value } = fc.letrec<{ value: unknown; map: unknown; list: unknown }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { weight: 4, arbitrary: scalar },
      tie("map"),
      tie("list"),
    ),
    map: fc
      .array(
        fc.tuple(fc.oneof(text, fc.constantFrom("name", "type")), tie("value")),
        {
          maxLength: 4,
        },
      )
      .map((entries) => {
        const map: Record<string, unknown> = {};
        for (const [k, v] of entries) if (k !== "__proto__") map[k] = v;
        return map;
      }),
    list: fc.array(tie("value"), { maxLength: 4 }),
  }),
);

/** A document as an import writes one: a mapping at the top, maybe a header, maybe item comments. */
const documentArb = fc
  .tuple(
    fc.dictionary(text, value, { maxKeys: 5 }),
    fc.array(fc.oneof(text, fc.constantFrom("Imported by toolgen", "")), {
      maxLength: 2,
    }),
    fc.array(fc.dictionary(fc.constantFrom("name", "b"), value), {
      maxLength: 3,
    }),
    fc.array(fc.oneof(text, fc.constant("GET /x · import short=1a2b3c4d")), {
      maxLength: 3,
    }),
  )
  .map(([top, header, tools, notes]) => {
    const comments = new Map<unknown, string>();
    tools.forEach((tool, i) => {
      const note = notes[i];
      if (note !== undefined) comments.set(tool, note);
    });
    return { value: { ...top, tools }, header, comments };
  });

/** Whether yamlText wrote the document itself (true) or left it to the library (false); equal either way. */
function agree(
  value: Record<string, unknown>,
  header: readonly string[],
  comments: ItemComments,
): boolean {
  const library = libraryText(value, header, comments);
  expect(yamlText(value, header, comments)).toBe(library);
  const direct = directText(value, header, comments);
  if (direct !== undefined) expect(direct).toBe(library);
  return direct !== undefined;
}

describe("yamlText", () => {
  it("writes what the yaml library writes, on random documents", () => {
    let direct = 0;
    fc.assert(
      fc.property(documentArb, ({ value: v, header, comments }) => {
        if (agree(v, header, comments)) direct++;
      }),
      seeded(3000),
    );
    // The property says little if the library wrote most documents itself.
    expect(direct).toBeGreaterThan(3000 / 3);
  });

  it.each<[string, unknown]>([
    ["a plain text", "Lists the repositories."],
    ["a URL", "https://api.github.com/repos/{owner}/{repo}"],
    ["a text with ': '", "Note: read this"],
    ["a text that reads as a number", "1.10"],
    ["a text that reads as true", "true"],
    ["an empty text", ""],
    ["a text starting with a backtick", "`owner` is the login"],
    ["a multi-line text", "First line.\nSecond line."],
    ["a multi-line text ending in a line break", "First.\nSecond.\n"],
    ["a multi-line text ending in two", "First.\nSecond.\n\n"],
    ["a multi-line text starting with a space", " indented\nnext"],
    ["a multi-line text with trailing spaces", "a  \nb"],
    ["a multi-line text ending in spaces", "a\nb  "],
    ["a multi-line text with a control character", "a\u0001\nb"],
    ["a document marker", "--- not a document"],
    ["a document marker on a later line", "text\n---\nmore"],
    ["a long double-quoted text", `"${"x".repeat(60)}\n${"y".repeat(10)}`],
    ["a number", 1e21],
    ["minus zero", -0],
    ["an empty mapping", {}],
    ["an empty list", []],
    ["lists in lists", [[1, [2, []]], [{}], { a: [] }]],
  ])("writes %s as the library does", (_what, v) => {
    const copy = () => structuredClone(v);
    const direct = agree(
      { key: copy(), list: [copy()], nested: { deeper: [{ at: copy() }] } },
      ["header"],
      new Map(),
    );
    // Only a kept final line break needs the library's whole document.
    expect(direct).toBe(_what !== "a multi-line text ending in two");
  });

  it.each<[string, Record<string, unknown>]>([
    ["a key long once quoted", { x: { [`'${"\\".repeat(600)}`]: 1 } }],
    ["a key of control characters", { [`${"\u0001".repeat(300)}`]: { a: 1 } }],
    ["a plain key of 1,100 characters", { ["k".repeat(1100)]: 1 }],
    ["an empty mapping at the top", {}],
  ])("leaves %s to the library", (_what, v) => {
    expect(directText(v, ["h"], new Map())).toBeUndefined();
    expect(yamlText(v, ["h"], new Map())).toBe(
      libraryText(v, ["h"], new Map()),
    );
  });

  it("leaves an object met twice to the library, which writes an alias", () => {
    const shared = { type: "string" };
    const v = { a: shared, b: [shared] };
    expect(directText(v, [], new Map())).toBeUndefined();
    expect(yamlText(v, [], new Map())).toBe(libraryText(v, [], new Map()));
    expect(yamlText(v, [], new Map())).toContain("*a1");
  });

  it("writes a comment above each named list item, as the library does", () => {
    const tools = [{ name: "a" }, { name: "b", input: { type: "object" } }];
    const comments = new Map<unknown, string>([
      [tools[0], "GET / (meta/root) · import section=4b4e52a5"],
      [tools[1], "POST /x"],
    ]);
    const v = { version: "1.0.0", tools };
    const written = yamlText(v, ["Imported", "Each tool"], comments);
    expect(written).toBe(libraryText(v, ["Imported", "Each tool"], comments));
    expect(written).toContain("\n  # POST /x\n  - name: b\n");
    expect(parse(written)).toEqual(v);
  });
});
