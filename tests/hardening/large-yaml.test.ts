import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readFastPlaced } from "../../generator/read/fast-places.js";
import { lineIndex } from "../../generator/read/lines.js";
import { parseSpec, readFast } from "../../generator/read/parse.js";
// @ts-expect-error: the bench is plain JavaScript, without declarations
import { syntheticSpec } from "../../bench/spec.mjs";
import { agree } from "../properties/fast-yaml-agree.js";
import { repoRoot } from "../helpers/project.js";
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
          const { line, col } = slow.spec.locate(p, { key });
          expect(fast.locate(p, { key }), JSON.stringify(p)).toMatchObject({
            line,
            col,
          });
        }
    },
  );
});
