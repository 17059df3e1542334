import { describe, expect, it } from "vitest";
import { AGREE, agree } from "./fast-yaml-agree.js";
import { TIMEOUT } from "./settings.js";

// The two YAML readers on fixed texts: the corners where YAML readers are known to differ, and
// the table of every counterexample the properties ever found.

describe(AGREE, { timeout: TIMEOUT }, () => {
  it("on YAML corners where readers are known to differ", () => {
    const corners = [
      "a: [\nb]\n",
      "a: [\n  b,\n  c\n]\n",
      "a: {\n b: 1\n}\n",
      "a:\n  - x\n - y\n",
      "a:\n   - x\n  - y\n",
      "a: b\n c\n",
      "a: 'x\nb: y'\n",
      'a: "x\n\nb"\n',
      "a: |\n  x\n\n\n",
      "a: >\n  x\n   y\n  z\n",
      "a:\n- b\n",
      "- a\n-b\n",
      "a: b: c\n",
      "a: - b\n",
      "{a: 1}\n",
      "[a, b]\n",
      "a: {b: 1,}\n",
      "a: [b,,]\n",
      "a: 'b'c\n",
      'a: "\\/"\n',
      'a: "\\N\\_\\L\\P"\n',
      "a: x\u0085y\n",
      "a:   \n  b\n",
      "key with spaces : v\n",
      "a: b #c\n#d\n",
      "a: 1_000\n",
      "a: 0b101\n",
      "a: 1:20\n",
      "a: 2001-12-14\n",
      "a: =\n",
      "a: <<\n",
      "<<: {b: 1}\n",
      "a: -.inf\n",
      "a: +.inf\n",
      `${"k".repeat(1100)}: v\n`,
      `a: ${"x ".repeat(600)}: v\n`,
      "a:\n  b\n  c: d\n",
      '"a":b\n',
      '{"a":b}\n',
      "a: [b: c]\n",
      "a: [b: c, d]\n",
      "a: {b}\n",
      "a: 'multi\n  line'\n",
      "- - a\n  - b\n",
      'a: "\\\n  b"\n',
      'a: "x\\ty"\n',
      "a: 123456789012345678901234567890\n",
      "a: 0x\n",
      "a: 09\n",
      "a: +12\n",
      "a: 1.\n",
      "a: .\n",
      "a: -0\n",
      "a: -0.0\n",
      "a:\n  -\n  - b\n",
      "a: # c\n",
      "a: b\n\n\n",
      "a: \u00a0b\n",
      "a: x\u2028y\n",
      "a: \u0001\n",
      'a: "\u0001"\n',
      '"a\nb": c\n',
      "a: |\n  x\n b\n",
      "a: >\n\n  x\n",
      "a:\n  # c\n  b: 1\n",
      "a: b\n  # c\n",
      "a: 1\na: 2\n",
      'a: 1\n"a": 2\n',
      "1: a\n'1': b\n",
      "__proto__: {a: 1}\n",
      "a: {__proto__: 1}\n",
      "a: [1, 2]]\n",
      'a: "b" \n',
      "a: 'b' # c\n",
      "a: b  \n  c\n",
      "a: |+\n  x\n\n",
      "a: >-\n  x\n\n  y\n",
      "- a\n- b\n  c\n",
      "a: 'b\n\n  c'\n",
      "a:\n  b:\n  c: 1\n",
      "a:\n    b: 1\n  c: 2\n",
      "a: x\r\n  y\r\n",
      "a: |\r\n  x\r\n  y\r\n",
      "a: b\n- c\n",
      "- a\nb: c\n",
      "a:\n  - b\n  c: d\n",
      "a: [b\n  c]\n",
      "a: {b: c\n  d: e}\n",
      "a: [b]c\n",
      "a: {b: c}d\n",
      "a: ,b\n",
      "a: b,\n",
      "a: [b, {c: d}]\n",
      "a: |\n  \u00e9\n",
      'a: "\\ud83d\\ude00"\n',
      'a: "\\ud83d"\n',
      "a: \ufffe\n",
      "a: \uffff\n",
      "a: \ud800\n",
      "a: x\u007fy\n",
      "a: \u0080\n",
    ];
    const differ = corners.filter((c) => {
      try {
        agree(c);
        return false;
      } catch {
        return true;
      }
    });
    expect(differ).toEqual([]);
  });

  // Every text on which the two readers were ever found to differ (by the properties of
  // fast-yaml-random.test.ts, on some seed), with what each read: the fast path must now decline
  // it, or read it as yaml does.
  it.each([
    // Kept trailing lines where the text ends inside the scalar: js-yaml kept two, yaml one (seed 1879074838).
    [">+\n  \n  ", "js-yaml ['\\n\\n'], yaml ['\\n']"],
    ["a: |+\n  x\n  \n  ", "js-yaml keeps two trailing breaks, yaml one"],
    ["a: >2+\n  x\n\n", "js-yaml keeps two trailing breaks, yaml one"],
    // An empty list entry: js-yaml read the next, less indented entry into the inner list (issue 19).
    ["- -\n- a", "js-yaml [[null, 'a']], yaml [[null], 'a']"],
    ["- - \n- a\n", "js-yaml [[null, 'a']], yaml [[null], 'a']"],
    ["- -  # c\n- a", "js-yaml [[null, 'a']], yaml [[null], 'a']"],
    ["- - -\n- a", "js-yaml [[[null, 'a']]], yaml [[[null]], 'a']"],
    [
      "a:\n  - -\n  - b\n",
      "js-yaml {a: [[null, 'b']]}, yaml {a: [[null], 'b']}",
    ],
    ["- - x\n  -\n- a", "js-yaml [['x', null, 'a']], yaml [['x', null], 'a']"],
    ["- a:\n  -\n- b", "js-yaml [{a: [null, 'b']}], yaml [{a: [null]}, 'b']"],
    [
      "- - - a\n    -\n  - b",
      "js-yaml [[['a', null, 'b']]], yaml [[['a', null], 'b']]",
    ],
  ])("on %j, where they once differed (%s)", (text) => {
    agree(text);
  });
});
