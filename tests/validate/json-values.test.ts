import { describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { parseSpec } from "../../generator/read/parse.js";
import { generateFromDisk } from "../helpers/generate.js";
import { minimalVariant } from "../helpers/project.js";

/** The errors of a spec text, or [] when it generates. */
function errorsOf(text: string): readonly Diagnostic[] {
  try {
    generateFromDisk({ file: "tools.yaml", text, dir: "/nonexistent" });
    return [];
  } catch (e) {
    if (e instanceof SpecError) return e.diagnostics;
    throw e;
  }
}

/** The 1-based line and column where `needle` first appears in `text`. */
function placeOf(text: string, needle: string): { line: number; col: number } {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`not in the spec: ${needle}`);
  const before = text.slice(0, at).split("\n");
  return { line: before.length, col: before.at(-1)!.length + 1 };
}

const TAG = "        tag: { type: string, enum: [a, b] }";
const ID_REQUIRED = "        id: { type: string }\n      required: [id]";
const HEADERS = "      headers: { X-Workspace: $workspace }";

/**
 * Each case edits the minimal spec so that one value YAML reads as Infinity or NaN sits at the
 * `at` text (the value itself comes first in it), with `said` in its message.
 */
const cases: [
  name: string,
  edits: [string, string][],
  at: string,
  said: string,
][] = [
  [
    "a default of .inf",
    [[TAG, "        tag: { type: number, default: .inf }"]],
    ".inf }",
    "tool 'add_note', input 'tag': 'default' is infinite (.inf)",
  ],
  [
    "a default of -.inf for an integer (ajv's own complaint is left out)",
    [[TAG, "        tag: { type: integer, default: -.inf }"]],
    "-.inf",
    "'default' is minus infinite (-.inf)",
  ],
  [
    "a default of .nan",
    [[TAG, "        tag: { type: number, default: .nan }"]],
    ".nan",
    "'default' is NaN (.nan)",
  ],
  [
    "a number too large for a double",
    [[TAG, "        tag: { type: number, default: 1e400 }"]],
    "1e400",
    "'default' is infinite (.inf)",
  ],
  [
    "an enum value",
    [[TAG, "        tag: { enum: [a, .Inf, ~] }"]],
    ".Inf",
    "'enum.1' is infinite",
  ],
  [
    "a const",
    [[TAG, "        tag: { const: .NaN }"]],
    ".NaN",
    "'const' is NaN",
  ],
  [
    "an example",
    [[TAG, "        tag: { type: number, examples: [1, .inf] }"]],
    ".inf]",
    "'examples.1' is infinite",
  ],
  [
    "a bound of the schema (the meta-schema's complaint is left out)",
    [[TAG, "        tag: { type: number, maximum: .inf }"]],
    ".inf }",
    "'maximum' is infinite",
  ],
  [
    "an output schema's default",
    [
      [
        "    cli: null\n",
        "    cli: null\n    output: { type: object, properties: { n: { type: number, default: .inf } } }\n",
      ],
    ],
    ".inf }",
    "tool 'get_note', output 'n': 'default' is infinite",
  ],
  [
    "a constant an HTTP binding sends",
    [
      [ID_REQUIRED, ID_REQUIRED],
      [HEADERS, `${HEADERS}\n      query: { limit: { const: .inf } }`],
    ],
    ".inf }",
    "tool 'get_note': 'http.query.limit.const' is infinite",
  ],
  [
    "a setting of a target",
    [
      [
        "    preamble: You can use these tools.",
        "    preamble: You can use these tools.\n    budget: .inf",
      ],
    ],
    ".inf",
    "'targets.docs.budget' is infinite",
  ],
];

describe("numbers JSON cannot hold", () => {
  it.each(cases)("%s: one error, at the value", (_, edits, at, said) => {
    const text = minimalVariant(...edits);
    const errors = errorsOf(text);
    expect(errors.map((e) => [e.code, e.line, e.col])).toEqual([
      ["non-finite-number", placeOf(text, at).line, placeOf(text, at).col],
    ]);
    expect(errors[0]!.message).toContain(said);
    expect(errors[0]!.message).toContain(
      "which JSON cannot hold (it would be written as null)",
    );
  });

  it("is what both readers make of the text", () => {
    const text = minimalVariant([
      TAG,
      "        tag: { enum: [.inf, -.inf, .nan, 1e400, -1e400] }",
    ]);
    const read = (fast: boolean) => {
      const parsed = parseSpec("tools.yaml", text, { fast });
      if (!parsed.ok) throw new Error("the spec does not read");
      const tools = (parsed.spec.value as { tools: { input: unknown }[] })
        .tools;
      return (tools[0]!.input as { properties: { tag: { enum: unknown[] } } })
        .properties.tag.enum;
    };
    const expected = [Infinity, -Infinity, NaN, Infinity, -Infinity];
    expect(read(true)).toEqual(expected);
    expect(read(false)).toEqual(expected);
    // Each is said at its own place (the list's repeated infinities are ajv's to report).
    const columns = errorsOf(text)
      .filter((e) => e.code === "non-finite-number")
      .map((e) => e.col);
    const line = text.split("\n").find((l) => l.includes("1e400"))!;
    let from = line.indexOf("[");
    expect(columns).toEqual(
      [".inf", "-.inf", ".nan", "1e400", "-1e400"].map(
        (v) => (from = line.indexOf(v, from + 1)) + 1,
      ),
    );
  });

  it("finite numbers, large ones and quoted .inf included, generate", () => {
    const text = minimalVariant(
      [
        TAG,
        '        tag: { type: [string, "null"], enum: [".inf", ".nan", ~], default: ".inf" }\n        n: { type: number, maximum: 1e300, default: 9007199254740993 }',
      ],
      ["body: [text, tag]", "body: [text, tag, n]"],
    );
    expect(errorsOf(text)).toEqual([]);
  });
});
