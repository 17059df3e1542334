import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SpecError, type Diagnostic } from "../../generator/index.js";
import { generateFromDisk } from "../helpers/generate.js";
import { minimalVariant, readFixture } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

/** Every diagnostic generate() throws for a spec text (read from `dir`); fails when the spec is valid. */
function diagnosticsOf(text: string, dir = "/nonexistent"): Diagnostic[] {
  try {
    generateFromDisk({ file: "tools.yaml", text, dir }, { cwd: dir });
  } catch (e) {
    if (e instanceof SpecError) return [...e.diagnostics];
    throw e;
  }
  throw new Error("the spec is valid");
}

/** Line and column of `token` on the `nth` line of `text` that holds `lineText`, and its length. */
function placeOf(text: string, lineText: string, token: string, nth = 1) {
  const lines = text.split("\n");
  let seen = 0;
  const index = lines.findIndex((l) => l.includes(lineText) && ++seen === nth);
  if (index < 0) throw new Error(`no line ${nth} holding '${lineText}'`);
  const col = lines[index]!.indexOf(token, lines[index]!.indexOf(lineText));
  if (col < 0) throw new Error(`'${token}' is not on the line '${lineText}'`);
  return { line: index + 1, col: col + 1, length: token.length };
}

describe("a spec with mistakes in six parts", () => {
  const text = readFixture("invalid", "every-part.yaml");

  it("has every one reported in one run, each naming what it is about, at the offending token", () => {
    const found = diagnosticsOf(text).map((d) => ({
      severity: d.severity,
      code: d.code,
      line: d.line,
      col: d.col,
      length: d.length,
      message: d.message,
    }));
    const expected = [
      {
        severity: "error",
        code: "wrong-type",
        ...placeOf(text, "budget: ten", "ten"),
        about:
          "'targets.docs.budget' must be an integer, not the string \"ten\"",
      },
      {
        severity: "warning",
        code: "unknown-tool-mention",
        ...placeOf(text, "preamble:", "lookup_note"),
        about: "'targets.docs.preamble'",
      },
      {
        severity: "error",
        code: "reserved-option",
        ...placeOf(text, "json: { type: boolean }", "json"),
        about:
          "tool 'add_note', input 'json' would be the CLI option --json, which every command keeps for itself",
      },
      {
        severity: "error",
        code: "unknown-key",
        ...placeOf(text, "shrot: Read a note.", "shrot"),
        about: "tool 'get_note'",
      },
      {
        severity: "error",
        code: "default-not-in-schema",
        ...placeOf(text, "default: ten }", "ten"),
        about: "tool 'ping', input 'priority'",
      },
      {
        severity: "error",
        code: "duplicate-tool-name",
        ...placeOf(text, "- name: get_note", "get_note", 2),
        about: "tool 'get_note' is declared twice (first as tool 2)",
      },
    ];
    // Each message begins with what it is about.
    expect(found).toEqual(
      expected.map(({ about, ...rest }) => ({
        ...rest,
        message: expect.stringMatching(
          new RegExp(`^${about.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
        ),
      })),
    );
  });
});

describe("no cascade: a part set aside brings no second report", () => {
  it("a broken section: its tools are neither in an unknown section nor missing CLI decisions", () => {
    const text = minimalVariant([
      "    heading: Notes\n",
      "    headin: Notes\n",
    ]);
    expect(diagnosticsOf(text).map((d) => [d.code, d.line])).toEqual([
      ["unknown-key", placeOf(text, "headin:", "headin").line],
    ]);
  });

  it("a broken cli target: the usages are still checked, and nothing follows from the target", () => {
    const text = minimalVariant(
      [
        'cli: { package: "@acme/cli", bin: acme }',
        'cli: { package: "@acme/cli", bin: Acme }',
      ],
      ["usage: add <text>", "usage: add <txt>"],
    );
    expect(diagnosticsOf(text).map((d) => [d.code, d.line, d.col])).toEqual([
      [
        "bad-format",
        ...Object.values(placeOf(text, "bin: Acme", "Acme")).slice(0, 2),
      ],
      [
        "unknown-input",
        ...Object.values(placeOf(text, "usage: add <txt>", "<txt>")).slice(
          0,
          2,
        ),
      ],
    ]);
  });

  it("a tool whose name cannot be read: a text mentioning that name is not taken for a stale one", () => {
    const text = minimalVariant(
      ["  - name: get_note", "  - nmae: get_note"],
      ["When in doubt.", "When in doubt; get_note first."],
    );
    expect(diagnosticsOf(text).map((d) => d.code)).toEqual(["unknown-key"]);
  });

  it("a tool with an error in its usage has its CLI options left unchecked: they build on the usage", () => {
    const text = minimalVariant(
      ["usage: add <text>", "usage: add <text> <text>"],
      ["workspace: { type: string }", "help: { type: string }"],
      ["route: workspace", "route: help"],
    );
    expect(diagnosticsOf(text).map((d) => d.code)).toEqual([
      "duplicate-placeholder",
    ]);
  });
});

describe("the templates beside an invalid spec", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("have their own problems reported in the same run: only rendering waits for a valid spec", () => {
    dir = tempDir("toolgen-every-error-");
    fs.mkdirSync(path.join(dir, "templates"));
    fs.writeFileSync(
      path.join(dir, "templates", "section.md.hbs"),
      "## {{heading}\n",
    );
    const text = minimalVariant(
      ["    preamble:", "    templates: templates\n    preamble:"],
      ["    short: Read a note.", "    shrot: Read a note."],
    );
    expect(diagnosticsOf(text, dir).map((d) => [d.file, d.code])).toEqual([
      ["templates/section.md.hbs", "template-error"],
      ["tools.yaml", "unknown-key"],
    ]);
  });
});
