import fc from "fast-check";
import { RUNS, seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import {
  docComment,
  propertyKey,
  stringLiteral,
} from "../../generator/render/literal.js";

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

/** What a generated line must never hold raw: line breaks, controls, DEL, C1 controls, separators. */
const RAW_FORBIDDEN = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;

/** The value JavaScript reads from `code`. */
function evaluate(code: string): unknown {
  return new Function(`return ${code};`)();
}

/** One string literal token and nothing else: its value cannot depend on what stands around it. */
const STRING_TOKEN = String.raw`"(?:[^"\\\n\r\u2028\u2029]|\\[^])*"`;
const ONE_TOKEN = new RegExp(
  `^(?:${STRING_TOKEN}|\\{ (?:[$A-Z_a-z][$0-9A-Z_a-z]*|${STRING_TOKEN}|\\[${STRING_TOKEN}\\]): 1 \\})$`,
);

/**
 * What JavaScript reads from each of `codes`, as evaluate() reads it alone: the codes that are
 * one string token or an object literal with one such key are compiled together as the elements
 * of one array (compiling each apart is what costs), any other code alone.
 */
function evaluateEach(codes: readonly string[]): Map<string, unknown> {
  const together = [...new Set(codes.filter((c) => ONE_TOKEN.test(c)))];
  const values = evaluate(`[\n${together.join(",\n")}\n]`) as unknown[];
  expect(values).toHaveLength(together.length);
  const read = new Map(together.map((c, i) => [c, values[i]]));
  for (const c of codes) if (!read.has(c)) read.set(c, evaluate(c));
  return read;
}

/** The codes broken() evaluates for `text`. */
const codesOf = (text: string) => [
  stringLiteral(text),
  `{ ${propertyKey(text)}: 1 }`,
];

/**
 * Every property of `text` the three helpers promise, as a list of what fails; `read` gives the
 * value of each code of codesOf(text) (evaluated alone by default).
 */
function broken(
  text: string,
  read: (code: string) => unknown = evaluate,
): string[] {
  const problems: string[] = [];
  const literal = stringLiteral(text);
  if (read(literal) !== text) problems.push("literal reads back differently");
  if (!literal.startsWith('"') || !literal.endsWith('"'))
    problems.push("literal not in double quotes");
  if (RAW_FORBIDDEN.test(literal)) problems.push("literal holds a raw control");
  if (
    /[\ud800-\udfff]/.test(
      literal.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""),
    )
  )
    problems.push("literal holds a lone surrogate");
  const key = propertyKey(text);
  const object = read(`{ ${key}: 1 }`) as object;
  if (
    Object.keys(object).join() !== text ||
    Object.getPrototypeOf(object) !== Object.prototype
  )
    problems.push("key makes another property");
  // Bare exactly when a plain ASCII identifier; __proto__ is always computed (its own case below).
  const bare = /^[$A-Z_a-z][$0-9A-Z_a-z]*$/.test(text) && text !== "__proto__";
  if (bare !== (key === text))
    problems.push("key bare exactly when a plain ASCII identifier");
  for (const indent of ["", "  "]) {
    const comment = docComment(text, indent);
    const body = comment.slice(indent.length + 3, -3);
    if (!comment.startsWith(`${indent}/**`) || !comment.endsWith("*/\n"))
      problems.push("comment not one block");
    if (body.includes("*/")) problems.push("comment ends early");
    if (/[\r\u2028\u2029]/.test(comment))
      problems.push("comment holds a CR or separator");
    if (/[ \t]\n/.test(comment))
      problems.push("comment line with trailing white space");
  }
  return problems;
}

describe("literal.ts", () => {
  it("keeps its promises for every code unit, alone and inside text", () => {
    const texts = everyUnit.flatMap((unit) => [unit, `a${unit}b`]);
    const read = evaluateEach(texts.flatMap(codesOf));
    const failures = texts.flatMap((text) => {
      const problems = broken(text, (code) => read.get(code));
      return problems.length > 0 ? [[JSON.stringify(text), problems]] : [];
    });
    expect(failures).toEqual([]);
  });

  it("keeps its promises for random awkward text", () => {
    fc.assert(
      fc.property(awkward, (text) => {
        expect(broken(text)).toEqual([]);
      }),
      seeded(RUNS * 100),
    );
  });

  it("writes the shapes a spec gives most as expected", () => {
    const cases: [
      text: string,
      literal: string,
      key: string,
      comment: string,
    ][] = [
      ["", '""', '""', "/**  */\n"],
      [
        "list_project_0",
        '"list_project_0"',
        "list_project_0",
        "/** list_project_0 */\n",
      ],
      ["__proto__", '"__proto__"', '["__proto__"]', "/** __proto__ */\n"],
      ["naïve", '"naïve"', '"naïve"', "/** naïve */\n"],
      ["x-trace", '"x-trace"', '"x-trace"', "/** x-trace */\n"],
      ['say "hi"', '"say \\"hi\\""', '"say \\"hi\\""', '/** say "hi" */\n'],
      ["it's", '"it\'s"', '"it\'s"', "/** it's */\n"],
      [
        "a\u2028\x85\x7f",
        '"a\\u2028\\u0085\\u007f"',
        '"a\\u2028\\u0085\\u007f"',
        "/**\n * a\n * \x85\x7f\n */\n",
      ],
      [
        'Two\n@default "low"',
        '"Two\\n@default \\"low\\""',
        '"Two\\n@default \\"low\\""',
        '/**\n * Two\n * @default "low"\n */\n',
      ],
      [
        "end */ here  ",
        '"end */ here  "',
        '"end */ here  "',
        "/** end *\\/ here */\n",
      ],
      ["a\r\n\r\n", '"a\\r\\n\\r\\n"', '"a\\r\\n\\r\\n"', "/** a */\n"],
    ];
    for (const [text, literal, key, comment] of cases) {
      expect(stringLiteral(text)).toBe(literal);
      expect(propertyKey(text)).toBe(key);
      expect(docComment(text, "")).toBe(comment);
    }
  });
});
