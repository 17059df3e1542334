import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readFastPlaced } from "../../generator/read/fast-places.js";
import { readFastOr } from "../../generator/read/fast-yaml.js";
import { lineIndex } from "../../generator/read/lines.js";
import { parseSpec, readFast } from "../../generator/read/parse.js";
// @ts-expect-error: the bench is plain JavaScript, without declarations
import { syntheticSpec } from "../../bench/spec.mjs";
import { agree } from "../properties/fast-yaml-agree.js";
import { repoRoot } from "../helpers/project.js";
import { RUNS, seeded, TIMEOUT } from "../properties/settings.js";
import { base } from "./corpus/base.js";

// A spec past 2 MiB is read by the fast reader alone (the yaml library's positioned document
// would outgrow 400 MB): what such specs are written with must be read fast, and placed.

describe("the fast reader reads what large specs are written with", () => {
  it.each([
    ["a quoted value opening with #", "a: { $ref: '#/$defs/b' }\nb: \"#x\"\n"],
    ["quoted keys and values", "'a': '#1'\n\"b\": [\"#2\", '#3']\n"],
    [
      "a JSON spec across lines",
      '{\n  "a": [\n    "#/x",\n    1\n  ],\n  "b": {\n"c": null\n}\n}\n',
    ],
    ["a JSON list across lines", '[\n{\n"a": 1\n}\n]\n'],
  ])("%s", (_name, text) => {
    expect(readFast(text)).toBeDefined();
    agree(text);
  });

  it.each([
    ["a # right after a closing quote", "a: 'x'#y\n"],
    ["a # after a closing quote that follows a blank", "a: ' '#y\n"],
    ["a # after a closing quote past an escaped one", "a: 'it'''#y\n"],
    ["a # after a closing double quote", 'a: "\\"x\\" "#y\n'],
    ["a flow collection across lines below a key", "a: {\nb: 1}\n"],
  ])("but declines %s", (_name, text) => {
    expect(readFast(text)).toBeUndefined();
    agree(text);
  });
});

/** Every path into a value. */
function paths(value: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [
    { value, path: [] },
  ];
  while (stack.length > 0) {
    const next = stack.pop()!;
    found.push(next.path);
    if (Array.isArray(next.value))
      next.value.forEach((v, i) =>
        stack.push({ value: v, path: [...next.path, i] }),
      );
    else if (next.value !== null && typeof next.value === "object")
      for (const [k, v] of Object.entries(next.value))
        stack.push({ value: v, path: [...next.path, k] });
  }
  return found;
}

describe("a large spec's places", () => {
  it.each([
    [
      "the repository's spec",
      fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8"),
    ],
    ["the corpus's base spec", base],
    ["a synthetic spec of 40 tools", syntheticSpec(40)],
    [
      "that spec written as JSON",
      JSON.stringify(parse(syntheticSpec(5)), null, 2),
    ],
  ])(
    "are the yaml library's lines and columns, for every value and key of %s",
    (_name, text) => {
      const slow = parseSpec("tools.yaml", text, { fast: false });
      const fast = readFastPlaced(text, lineIndex(text));
      if (!slow.ok || !("value" in fast))
        throw new Error("both readers read it");
      for (const p of paths(slow.spec.value))
        for (const key of [false, true]) {
          const { line, col, length } = slow.spec.locate(p, { key });
          // A key's place is the yaml library's exactly; a value's length may run to its line's end.
          expect(fast.locate(p, { key }), JSON.stringify(p)).toMatchObject({
            line,
            col,
            ...(key && typeof p.at(-1) === "string" ? { length } : {}),
          });
        }
    },
  );
});

describe(
  "a large spec's prose is no reason to decline it",
  { timeout: TIMEOUT },
  () => {
    it("reads a GitHub-like spec whose prose holds what would decline plain text", () => {
      const text = `a:\n  b: |-\n    > [!NOTE]\n    x\ty ? z\n  c: An emoji ![:x:](u "x") and 'q'#k\n    - goes on!\n  d: "it's \\"#\\" !"\n`;
      expect(readFast(text)).toBeUndefined();
      const read = readFastOr(text, undefined, true);
      const slow = parseSpec("tools.yaml", text, { fast: false });
      if (!slow.ok) throw new Error("the yaml library reads it");
      expect(read).toEqual({ value: slow.spec.value });
    });

    it("and whatever it reads with the scalars' text set aside, it reads as the yaml library does", () => {
      const word = fc.constantFrom(
        ...[
          "a",
          "b c",
          "!x",
          "![i](u)",
          "[!NOTE]",
          "#",
          "'#",
          "x'#y",
          "? k",
          "---",
          "...",
          "\t",
          "%",
          "&a",
          "*a",
          "- ",
          "-",
          ": ",
          "{",
          "]",
          "|",
          ">",
          '"',
          "'",
          "\\",
        ],
      );
      const text = fc
        .array(word, { minLength: 1, maxLength: 5 })
        .map((w) => w.join(""));
      const line = fc
        .tuple(
          fc.integer({ min: 0, max: 4 }),
          fc.constantFrom(
            "k: ",
            "- ",
            "k: |\n  ",
            "k: >-\n    ",
            "",
            "k: '",
            'k: "',
            "'k': ",
          ),
          text,
          fc.constantFrom("", "'", '"', " #c"),
        )
        .map(
          ([indent, lead, body, tail]) =>
            `${" ".repeat(indent)}${lead}${body}${tail}`,
        );
      let read = 0;
      fc.assert(
        fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
          const source = lines.join("\n");
          const fast = readFastOr(source, undefined, true);
          if (!("value" in fast)) return;
          const slow = parseSpec("tools.yaml", source, { fast: false });
          // What the yaml library refuses is refused past 2 MiB too, by the checks that follow.
          if (!slow.ok) return;
          read++;
          expect(JSON.stringify(fast.value)).toEqual(
            JSON.stringify(slow.spec.value),
          );
        }),
        seeded(RUNS * 400),
      );
      expect(read).toBeGreaterThan(0);
    });
  },
);

describe("a spec past 2 MiB the fast reader declines", () => {
  const filler = `${"# a comment line of the kind a long spec holds\n".repeat(50_000)}`;
  it.each([
    [
      "is refused where it uses an anchor",
      `${filler}a: &x 1\nb: *x\n`,
      "large-spec-yaml",
      50_001,
      4,
    ],
    [
      "is refused where it uses a tag",
      `${filler}a: !!str 1\n`,
      "large-spec-yaml",
      50_001,
      4,
    ],
    [
      "says where its YAML breaks",
      `${filler}a: 1\na: 2\n`,
      "yaml-syntax",
      50_002,
      1,
    ],
    ["is empty when it holds only comments", filler, "empty-spec", 1, 1],
  ])("%s", (_name, text, code, line, col) => {
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024);
    const read = parseSpec("tools.yaml", text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.diagnostics).toHaveLength(1);
    expect(read.diagnostics[0]).toMatchObject({ code, line, col });
  });
});
