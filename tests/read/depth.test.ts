import { describe, expect, it } from "vitest";
import {
  blockDepth,
  deepestPath,
  nestingDepth,
} from "../../generator/read/depth.js";
import { lineIndex } from "../../generator/read/lines.js";

describe("nestingDepth", () => {
  it.each([
    ["a: [[x], y]\n", 2, 4],
    ["a: {b: [x]}\n", 2, 7],
    ["# [[[\na: [x]\n", 1, 9],
    ["a: x # [[[\n", 0, 0],
    ['a: ["[[", x]\n', 1, 3],
    ["a: x]]] [y]\n", 1, 8],
    // Outside a flow collection quotes are not looked at: the estimate errs towards deeper.
    ["a: '[[' \n", 2, 5],
  ])("%j: depth %i, at offset %i", (text, depth, offset) => {
    expect(nestingDepth(text)).toEqual({ depth, offset });
  });
});

describe("blockDepth", () => {
  it.each([
    ["a:\n  b:\n    c: 1\n", 3],
    ["- - - x\n", 4],
    // A list at its key's indentation counts one level more: the estimate errs towards deeper.
    ["a:\n- b\n", 2],
    ["a: |\n      deep\n        deeper\nb: 1\n", 1],
    // Every line indented past a block scalar's header is its text.
    ["a: >-\n    x\n  c: 1\n", 1],
    ["a:\n  # comment\n\n  b: 1\n", 2],
  ])("%j: depth %i", (text, depth) => {
    expect(blockDepth(text, 64, 128)).toEqual({ depth, offset: -1 });
  });

  it("points at the first line past the limit, and stops past the hard limit", () => {
    const text = Array.from(
      { length: 10 },
      (_, i) => `${" ".repeat(i)}k${i}:`,
    ).join("\n");
    expect(blockDepth(text, 2, 4)).toEqual({
      depth: 5,
      offset: text.indexOf("k2"),
    });
    expect(blockDepth(text, 64, 128)).toEqual({ depth: 10, offset: -1 });
  });
});

describe("deepestPath", () => {
  it("finds a path to one of the deepest values, no longer than the limit + 1", () => {
    expect(deepestPath({ a: [1, { b: 2 }], c: 3 }, 64)).toEqual(["a", 1, "b"]);
    expect(deepestPath("x", 64)).toEqual([]);
    let nested: unknown = "x";
    for (let i = 0; i < 10; i++) nested = [nested];
    expect(deepestPath(nested, 64)).toHaveLength(10);
    expect(deepestPath(nested, 3)).toEqual([0, 0, 0, 0]);
    // Of equally deep values, the last in the text: a nesting error points there.
    expect(deepestPath({ a: [[1]], b: { c: [2] }, d: 3 }, 64)).toEqual([
      "b",
      "c",
      0,
    ]);
    expect(deepestPath([[1], [2], 3], 64)).toEqual([1, 0]);
  });
});

describe("lineIndex", () => {
  it("counts LF, CRLF and a lone CR as line ends", () => {
    const at = lineIndex("ab\r\ncd\re\nf");
    expect([0, 1, 2, 4, 7, 9, 10].map((offset) => at(offset, 2))).toEqual([
      { line: 1, col: 1, length: 2 },
      { line: 1, col: 2, length: 2 },
      { line: 1, col: 3, length: 2 },
      { line: 2, col: 1, length: 2 },
      { line: 3, col: 1, length: 2 },
      { line: 4, col: 1, length: 2 },
      { line: 4, col: 2, length: 2 },
    ]);
  });
});
