import { describe, expect, it } from "vitest";
import { SpecError } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { minimalVariant } from "../helpers/project.js";

/** The one error of a spec text: its line, column, length and code. */
function onlyError(text: string) {
  try {
    generateFromDisk({ file: "tools.yaml", text, dir: "/nonexistent" });
  } catch (e) {
    if (!(e instanceof SpecError)) throw e;
    const errors = e.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.message)).toHaveLength(1);
    const { line, col, length, code } = errors[0]!;
    return { line, col, length, code };
  }
  throw new Error("the spec is valid");
}

/**
 * Where the caret must be: on `token`, found in the spec's text after the first occurrence of
 * `after` (which sets the place apart from other occurrences of the token).
 */
function caretAt(text: string, after: string, token: string) {
  const start = text.indexOf(after);
  if (start < 0) throw new Error(`the spec does not hold '${after}'`);
  const offset = text.indexOf(token, start + after.length);
  if (offset < 0) throw new Error(`no '${token}' after '${after}'`);
  const before = text.slice(0, offset).split("\n");
  return {
    line: before.length,
    col: before.at(-1)!.length + 1,
    length: token.length,
  };
}

/** Each case: the edits to the minimal spec, the code, and the text before the token the caret must cover. */
const cases: [
  what: string,
  edits: [from: string, to: string][],
  code: string,
  after: string,
  token: string,
][] = [
  [
    "a renamed_from name written as a folded block: its content, not the >- indicator",
    [
      [
        "renamed_from: [create_note]",
        "renamed_from:\n      - >-\n        add_note",
      ],
    ],
    "renamed-from-itself",
    ">-\n",
    "add_note",
  ],
  [
    "a literal block text holding an old name: the name, on its own line",
    [
      [
        "when_to_use: When in doubt.",
        "when_to_use: |\n      When in doubt.\n      Not create_note.",
      ],
    ],
    "stale-name",
    "Not ",
    "create_note",
  ],
  [
    "a default that does not fit: the default's value",
    [
      [
        "workspace: { type: string }",
        "workspace: { type: string, default: 7 }",
      ],
    ],
    "default-not-in-schema",
    "default: ",
    "7",
  ],
  [
    "an enum value that does not fit: that value",
    [["enum: [a, b]", "enum: [a, 12]"]],
    "enum-value-not-in-schema",
    "enum: [a, ",
    "12",
  ],
  [
    "a name inside a list: that name",
    [["body: [text, tag]", "body: [text, tag, tags]"]],
    "unknown-input",
    "body: [text, tag, ",
    "tags",
  ],
  [
    "a path placeholder naming no input: the placeholder",
    [["path: /notes/{id}", "path: /notes/{id}/{note_id}"]],
    "unknown-input",
    "path: /notes/{id}/",
    "{note_id}",
  ],
  [
    "a usage placeholder naming no input: the placeholder",
    [["usage: add <text>", "usage: add <text> <nothing>"]],
    "unknown-input",
    "usage: add <text> ",
    "<nothing>",
  ],
  [
    "a route naming no input: the route's value",
    [["route: workspace", "route: workspaces"]],
    "unknown-input",
    "route: ",
    "workspaces",
  ],
  [
    "a missing key: the key of the mapping that lacks it",
    [
      [
        '    package: "@acme/prompts"\n',
        '    package: "@acme/prompts"\n    budget: 900\n',
      ],
      ["    preamble: You can use these tools.\n", ""],
    ],
    "missing-key",
    "  ",
    "docs",
  ],
  [
    "a misspelt key: the key",
    [
      [
        "    when_to_use: When you need a note back.",
        "    when_to_sue: When you need a note back.",
      ],
    ],
    "unknown-key",
    "    ",
    "when_to_sue",
  ],
];

describe("the caret", () => {
  it.each(cases)("%s", (_, edits, code, after, token) => {
    const text = minimalVariant(...edits);
    expect(onlyError(text)).toEqual({
      ...caretAt(text, after, token),
      code,
    });
  });
});
