import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../generator/index.js";
import { escapeData } from "../../generator/commands/report-github.js";
import { jsonLine } from "../../generator/commands/report-json.js";
import {
  minimalVariant,
  removedAfterEach,
  specProblems,
  tempProject,
  toolgen,
} from "../helpers/project.js";

// Names from the spec quoted into messages (unknown keys, fields of a binding, sections, section
// ids, input names) that hold terminal escapes and line breaks: whatever the report's format,
// none reaches the terminal raw, and none starts a line of its own (a forged `::error`).

const keep = removedAfterEach();

/** The keys, fields and names the hostile spec slips in, each where a message quotes it. */
const HOSTILE = {
  targetKey: "\u001b]0;owned\u0007\u001b[2J",
  forgedKey: "x\n::error file=README.md,line=1::forged",
  bodyField: "y\n::warning::b\u009b",
  section: "m\u001b[31m\nz",
  sectionId: "mi\nsc",
  inputName: "in\nput",
};
/** YAML double-quoted scalars hold exactly the text given (JSON strings are valid YAML). */
const yaml = (text: string) => JSON.stringify(text);

const hostileSpec = minimalVariant(
  [
    "targets:\n",
    `targets:\n  ${yaml(HOSTILE.targetKey)}: 1\n  ${yaml(HOSTILE.forgedKey)}: 2\n`,
  ],
  ["body: [text, tag]", `body: [text, tag, ${yaml(HOSTILE.bodyField)}]`],
  ["section: misc", `section: ${yaml(HOSTILE.section)}`],
  ["  - id: misc", `  - id: ${yaml(HOSTILE.sectionId)}`],
  [
    "        workspace: { type: string }\n",
    `        workspace: { type: string }\n        ${yaml(HOSTILE.inputName)}: { type: string }\n`,
  ],
);

/** `line:col` of the first place `text` is written in `spec`. */
function placeOf(spec: string, text: string): string {
  const lines = spec.split("\n");
  const line = lines.findIndex((l) => l.includes(text));
  return `${line + 1}:${lines[line]!.indexOf(text) + 1}`;
}

/** Every control character but the line feed that ends a line of output. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** A name as a message shows it: a JSON string, every control character escaped. */
const shown = (name: string) =>
  JSON.stringify(name).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

function expectNothingRaw(output: string): void {
  expect(output).not.toMatch(RAW_CONTROL);
}

describe("a spec whose names hold terminal escapes and line breaks", () => {
  it("is reported in text with every name escaped and no forged line", async () => {
    const dir = keep(tempProject(hostileSpec));
    const { code, stdout, stderr } = await toolgen(dir);
    expect(code).toBe(2);
    expectNothingRaw(stdout + stderr);
    expect(
      (stdout + stderr).split("\n").filter((l) => l.startsWith("::")),
    ).toEqual([]);
    // Each hostile name is named by its problem, escaped.
    for (const name of Object.values(HOSTILE))
      expect(stderr, name).toContain(shown(name));
  });

  it("is reported as JSON that reads back the same messages, nothing raw", async () => {
    const dir = keep(tempProject(hostileSpec));
    const text = await toolgen(dir);
    const { stdout, stderr } = await toolgen(dir, "--format", "json");
    expectNothingRaw(stdout + stderr);
    const doc = JSON.parse(stdout) as { diagnostics: { message: string }[] };
    for (const d of doc.diagnostics) expect(text.stderr).toContain(d.message);
  });

  it("is reported as GitHub annotations, one line each, nothing raw", async () => {
    const dir = keep(tempProject(hostileSpec));
    const { stdout, stderr } = await toolgen(dir, "--format", "github");
    expectNothingRaw(stdout + stderr);
    const commands = stdout.split("\n").filter((l) => l.startsWith("::"));
    expect(commands.length).toBe(specProblems(hostileSpec).length);
    expect(
      commands.every((l) => l.startsWith("::error file=tools.yaml,")),
    ).toBe(true);
    expect(stderr.split("\n").filter((l) => l.startsWith("::"))).toEqual([]);
  });

  it("is reported by toolgen diff with nothing raw", async () => {
    const dir = keep(tempProject(hostileSpec));
    fs.writeFileSync(path.join(dir, "base.yaml"), minimalVariant());
    const { code, stdout, stderr } = await toolgen(
      dir,
      "diff",
      "--against",
      "base.yaml",
    );
    expect(code).toBe(2);
    expectNothingRaw(stdout + stderr);
    expect(stderr).toContain(shown(HOSTILE.forgedKey));
    expect(
      (stdout + stderr).split("\n").filter((l) => l.startsWith("::")),
    ).toEqual([]);
  });
});

describe("an input name holding a control character", () => {
  it.each([
    ["a line feed", "in\nput"],
    ["a carriage return", "in\rput"],
    ["a tab", "in\tput"],
    ["a line separator", "in\u2028put"],
  ])("is refused at its key: %s", (_, name) => {
    const spec = minimalVariant(
      [
        "        workspace: { type: string }\n",
        `        workspace: { type: string }\n        ${yaml(name)}: { type: string }\n`,
      ],
      ["body: [text, tag]", `body: [text, tag, ${yaml(name)}]`],
    );
    const code = name.match(/[^a-z]/)![0].charCodeAt(0);
    expect(specProblems(spec)).toEqual([
      `${placeOf(spec, `${yaml(name)}: `)}: tool 'add_note', input ${shown(name)}: an input name cannot hold a line break, a tab or another control character (U+${code.toString(16).toUpperCase().padStart(4, "0")}), which the CLI's help would print: rename it`,
    ]);
  });

  it("is refused in a nested property too", () => {
    const spec = minimalVariant(
      [
        "        workspace: { type: string }\n",
        `        workspace: { type: string }\n        meta: { type: object, properties: { ${yaml("a\nb")}: { type: string } } }\n`,
      ],
      ["body: [text, tag]", "body: [text, tag, meta]"],
    );
    expect(specProblems(spec)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${placeOf(spec, `${yaml("a\nb")}: `)}: tool 'add_note', input "meta\\.a\\\\nb": an input name cannot hold`,
        ),
      ),
    ]);
  });
});

describe("the reports' last guard: a message still holding a control character", () => {
  const message = "a\nb\u001b[2J\u009b\u2028c";

  it("is printed as text on one line, escaped", () => {
    const text = formatDiagnostic({
      severity: "error",
      message,
      file: "tools.yaml",
    });
    expectNothingRaw(text);
    expect(text.split("\n")).toHaveLength(1);
  });

  it("is written as JSON escaped, and reads back as it was", () => {
    const line = jsonLine({ message });
    expectNothingRaw(line.trimEnd());
    expect(line.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(line)).toEqual({ message });
  });

  it("is written into a workflow command with nothing raw", () => {
    const data = escapeData(message);
    expectNothingRaw(data);
    expect(data.split("\n")).toHaveLength(1);
  });
});
