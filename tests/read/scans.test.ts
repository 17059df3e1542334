import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import * as jsYaml from "js-yaml";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
// @ts-expect-error the benchmark's generator is plain JavaScript, without declarations
import { syntheticSpec } from "../../bench/spec.mjs";
import { readFast } from "../../generator/read/parse.js";
import * as scans from "../../generator/read/scans.js";
import {
  checkedDepth,
  deeperThan,
} from "../../generator/validate/value-walks.js";
import { corpus } from "../hardening/corpus/index.js";
import { repoRoot } from "../helpers/project.js";
import { specArbitrary } from "../properties/arbitraries.js";
import * as reference from "./scans-reference.js";
import { RUNS, seeded } from "../properties/settings.js";

/** Each scan and its reference give the same answer on `text`, offsets and line ends included. */
function agree(text: string): void {
  expect(scans.nestingDepth(text)).toEqual(reference.nestingDepth(text));
  for (const [limit, hardLimit] of [
    [64, 128],
    [1, 2],
    [2, 5],
    [3, 4],
  ] as const) {
    const block = reference.blockDepth(text, limit, hardLimit);
    expect(scans.blockDepth(text, limit, hardLimit)).toEqual(block);
    expect(scans.blockDepthPast(text, limit, hardLimit)).toBe(
      block.depth > hardLimit ? block.offset : -1,
    );
  }
  expect(scans.flowAcrossLines(text)).toBe(reference.flowAcrossLines(text));
  expect(scans.declines(text)).toBe(reference.DECLINE.test(text));
  expect(scans.colonFarIntoLine(text, 1000)).toBe(
    reference.colonFarIntoLine(text),
  );
  expect(scans.moreIndentedLeadingBlank(text)).toBe(
    reference.moreIndentedLeadingBlank(text),
  );
  const at = scans.lineIndex(text);
  const referenceAt = reference.lineIndex(text);
  for (const offset of [
    0,
    1,
    text.length >> 1,
    text.length - 1,
    text.length,
    text.length + 1,
  ])
    expect(at(offset, 3)).toEqual(referenceAt(offset, 3));
}

/** Pieces of YAML and of what trips a scan: every quote, bracket, indicator, escape and kind of white space and line end. */
const piece = fc.constantFrom(
  ...[
    "a",
    "k",
    "x y",
    ": ",
    ":",
    " ",
    "  ",
    "    ",
    "\n",
    "\n\n",
    "\r\n",
    "\r",
    "\n  ",
    "\n    ",
    "- ",
    "-",
    "-\t",
    "- - ",
    "--- ",
    "...",
    "%",
    "[",
    "]",
    "{",
    "}",
    ", ",
    ",",
    '"',
    "'",
    "''",
    "\\",
    '\\"',
    "\\\n",
    "#",
    " #",
    "# c\n",
  ],
  ...[
    "|",
    "|-",
    "|+",
    "|2",
    ">",
    ">-",
    ">+1",
    "? ",
    "?",
    "!",
    "!!str ",
    "&a ",
    "*a",
    "1",
    "-1",
    ".5",
    "\t",
    "\v",
    "\f",
    "\u00a0",
    "\u1680",
    "\u2000",
    "\u200a",
    "\u200b",
    "\u2028",
    "\u2029",
    "\u202f",
    "\u205f",
    "\u3000",
    "\ufeff",
    "\u0085",
    "é",
    "😀",
    "\ud800",
  ],
);
const yamlishText = fc
  .array(piece, { maxLength: 60 })
  .map((parts) => parts.join(""));

/** Lines of YAML shape: an indentation of any white space, `- `s, a key, a value that may open a block scalar or a flow collection. */
const indentation = fc
  .array(fc.constantFrom(" ", " ", " ", "\t", "\u00a0", "\u3000"), {
    maxLength: 8,
  })
  .map((s) => s.join(""));
const lineText = fc
  .tuple(
    indentation,
    fc.array(fc.constantFrom("- ", "-  ", "-\t"), { maxLength: 3 }),
    fc.constantFrom("", "k: ", "a b: ", "? ", "#"),
    fc.array(piece, { maxLength: 6 }),
  )
  .map(
    ([indent, dashes, key, rest]) =>
      indent + dashes.join("") + key + rest.join(""),
  );
const yamlishLines = fc
  .tuple(
    fc.array(lineText, { minLength: 1, maxLength: 30 }),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([lines, eol]) => lines.join(eol));

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? filesUnder(path.join(dir, e.name))
        : [path.join(dir, e.name)],
    );
}

describe("the text scans agree with the loops they replaced (tests/read/scans-reference.ts)", () => {
  it("on every fixture, every hardening case, the repository's spec and the benchmark's", () => {
    for (const file of filesUnder(path.join(repoRoot, "tests", "fixtures")))
      agree(fs.readFileSync(file, "utf8"));
    for (const cases of Object.values(corpus))
      for (const c of cases) agree(c.spec);
    agree(fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8"));
    agree(syntheticSpec(60) as string);
  });

  it("on random YAML-shaped text", () => {
    fc.assert(fc.property(yamlishText, agree), seeded(RUNS * 200));
  });

  it("on random YAML-shaped lines", () => {
    fc.assert(fc.property(yamlishLines, agree), seeded(RUNS * 200));
  });

  it("on random specs, and on random values as the yaml library writes them", () => {
    fc.assert(
      fc.property(specArbitrary("scan"), ({ yaml }) => {
        agree(yaml);
        agree(yaml.replace(/\n/g, "\r\n"));
      }),
      seeded(RUNS * 4),
    );
    const str = fc.string({
      unit: fc.constantFrom(
        ..." \n\r\t#:-?[]{},'\"\\|>&*!%@`~.0123456789ab\u00a0\u2028".split(""),
      ),
      maxLength: 30,
    });
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        str,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("v"), { maxLength: 4 }),
        fc.dictionary(str, tie("v"), { maxKeys: 4 }),
      ),
    })).v;
    const style = fc.record({
      indentSeq: fc.boolean(),
      defaultStringType: fc.constantFrom(
        "PLAIN",
        "QUOTE_DOUBLE",
        "QUOTE_SINGLE",
        "BLOCK_LITERAL",
        "BLOCK_FOLDED",
      ) as fc.Arbitrary<"PLAIN">,
      collectionStyle: fc.constantFrom(
        "any",
        "block",
        "flow",
      ) as fc.Arbitrary<"any">,
    });
    fc.assert(
      fc.property(value, style, (v, o) => agree(stringify(v, o))),
      seeded(RUNS * 100),
    );
  });

  it("on deep nesting, long lines, unclosed quotes and escaped line breaks", () => {
    const deepBlock = Array.from(
      { length: 140 },
      (_, i) => `${" ".repeat(i)}k${i}:`,
    ).join("\n");
    const deepDashes = Array.from(
      { length: 70 },
      (_, i) => `${"  ".repeat(i)}- - x`,
    ).join("\n");
    // Just within and just past what blockDepthPast clears without walking the lines.
    for (const [indent, dashes] of [
      [63, 64],
      [64, 64],
      [63, 65],
      [0, 64],
      [0, 65],
      [0, 130],
    ]) {
      const line = `${" ".repeat(indent!)}${"- ".repeat(dashes!)}x`;
      agree(
        `${Array.from({ length: indent! + 1 }, (_, i) => `${" ".repeat(i)}k:`).join("\n")}\n${line}\n`,
      );
      agree(`${line}\r\n`);
    }
    const deepFlow = `a: ${"[".repeat(100)}${"]".repeat(100)}\nb: {${"{".repeat(70)}`;
    for (const text of [
      deepBlock,
      deepDashes,
      deepFlow,
      `a: "x\n${"y\\".repeat(500)}`,
      "a: 'x\n'",
      `${"- ".repeat(200)}x`,
      "x".repeat(5000),
      "a: |\n\n   \n  b\n",
    ])
      agree(text);
    // An escaped line break inside double quotes is passed over: the line it ends still counts as the current one.
    for (const text of [
      '  - "x\\\n": "y\n  z"\n',
      '- "x\\\n  ": [a,\n b]\n',
      'a: "\\\n" "b\n c"\n',
    ])
      agree(text);
  });

  it("on lines around 1,000 characters long, with colons anywhere", () => {
    const run = fc
      .tuple(
        fc.constantFrom("x", " ", ":", "\n", "\r\n"),
        fc.integer({ min: 1, max: 1100 }),
      )
      .map(([c, n]) => c.repeat(c === "x" || c === " " ? n : 1));
    fc.assert(
      fc.property(fc.array(run, { maxLength: 12 }), (runs) =>
        agree(runs.join("")),
      ),
      seeded(RUNS * 100),
    );
    for (const at of [998, 999, 1000, 1001, 1002]) {
      const line = `${"x".repeat(at)}:${"y".repeat(5)}`;
      for (const text of [
        line,
        `${"x".repeat(at)}:`,
        `a\n${"x".repeat(at)}:`,
        `a\n${line}`,
        `${line}\n`,
        `${"z\n".repeat(700)}${line}\nb: c`,
        `${"x".repeat(at)}\n:`,
      ])
        agree(text);
    }
  });

  it("tell white space as trim() and /\\s/ do, for every UTF-16 code unit", () => {
    const differ: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      if (
        scans.isSpace(code) !== /\s/.test(c) ||
        scans.isSpace(code) !== (c.trim() === "")
      )
        differ.push(code);
    }
    expect(differ).toEqual([]);
    expect(scans.isSpace(NaN)).toBe(false);
  });
});

/** A plain value, where objects may be shared (what an alias makes) or nested deep. */
const plainValue = fc
  .letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof(
      { depthSize: "small" },
      fc.constantFrom("s", 1, true, null),
      fc.array(tie("v"), { maxLength: 4 }),
      fc.dictionary(
        fc.constantFrom("a", "b", "1", "true", "__proto__", "x".repeat(70)),
        tie("v"),
        { maxKeys: 4 },
      ),
    ),
  }))
  .v.chain((v) => fc.constantFrom(v, [v, v], { a: v, b: [v] }, nest(v, 70)));

function nest(value: unknown, levels: number): unknown {
  let nested = value;
  for (let i = 0; i < levels; i++) nested = i % 2 ? [nested] : { k: nested };
  return nested;
}

const refusedKey = (key: string) =>
  key.length > 64 || key === "1" || key === "true";

describe("the walks over a parsed value agree with the two walks they replaced", () => {
  it("checkedDepth refuses what the old walk refused, and gives deepestPath's depth otherwise", () => {
    fc.assert(
      fc.property(plainValue, (value) => {
        const depth = checkedDepth(value, refusedKey);
        if (reference.walkRefuses(value, refusedKey)) expect(depth).toBe(-1);
        else expect(depth).toBe(reference.deepestPath(value, Infinity).length);
      }),
      seeded(RUNS * 100),
    );
  });

  it("deeperThan says what the length of deepestPath's path said", () => {
    fc.assert(
      fc.property(
        plainValue,
        fc.integer({ min: 0, max: 80 }),
        (value, limit) => {
          expect(deeperThan(value, limit)).toBe(
            reference.deepestPath(value, limit).length > limit,
          );
        },
      ),
      seeded(RUNS * 100),
    );
  });
});

describe("readFast", () => {
  it("leaves anchored text to the yaml library, even where no object is shared (an alias of a scalar)", () => {
    for (const text of [
      "a: &x 1\nb: *x\n",
      "a: &x 1\n",
      "- &x [1]\n",
      "a: b\n&x c: d\n",
    ])
      expect(readFast(text)).toBeUndefined();
    expect(readFast("a: b&c\nd: 'e & f'\n")).toBeDefined();
  });
});

describe("js-yaml's core number types resolve as before", () => {
  it("on random number-shaped scalars, as values and in flow sequences", () => {
    const numberish = fc.oneof(
      fc.string({
        unit: fc.constantFrom(..."0123456789+-.eEoxXabcfinNaAIF_:".split("")),
        minLength: 1,
        maxLength: 8,
      }),
      fc.constantFrom(
        ".inf",
        "-.Inf",
        "+.INF",
        ".nan",
        ".NaN",
        ".NAN",
        "0o17",
        "0x1F",
        "0x",
        "0o",
        "-0",
        "+0",
        "1e3",
        "1E-2",
        ".5",
        "5.",
        "-.5e+3",
        "1_000",
        "007",
        "0b1",
      ),
      fc.double().map(String),
      fc.integer().map(String),
    );
    /** The value written out with numbers as text, so -0, NaN and the infinities are compared exactly. */
    const exact = (value: unknown): string =>
      JSON.stringify(value, (_key, v: unknown) =>
        typeof v === "number" ? `number ${Object.is(v, -0) ? "-0" : v}` : v,
      );
    fc.assert(
      fc.property(numberish, (s) => {
        for (const text of [`k: ${s}\n`, `k: [${s}, x]\n`]) {
          const fast = readFast(text);
          if (fast === undefined) continue;
          const before = jsYaml.load(text, { schema: reference.FAST_SCHEMA });
          expect(exact(fast.value)).toBe(exact(before));
        }
      }),
      seeded(RUNS * 200),
    );
  });
});
