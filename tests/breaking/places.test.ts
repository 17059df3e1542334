import { describe, expect, it } from "vitest";
import { specProblems } from "../helpers/project.js";
import { diffTexts, lineOf, variant } from "./helpers.js";

const PING = `  - name: ping
    section: misc
    short: Check that the runtime answers.
    when_to_use: When in doubt.
    input: { type: object, properties: {} }
    local: true
`;
const acknowledged = (entries: string) =>
  `${variant([[PING, ""]])}acknowledged_breaks:\n${entries}`;

describe("toolgen diff: places", () => {
  it("locates a removed tool at the tools: key of the current spec", () => {
    const current = variant([[PING, ""]]);
    const [c] = diffTexts(variant([]), current).changes;
    expect(c).toMatchObject({
      change: "tool-removed",
      file: "tools.yaml",
      line: lineOf(current, "tools:"),
      col: 1,
    });
  });

  it("locates a narrowed enum at its enum, and lists changes in the spec's order", () => {
    const current = variant([
      [
        "tag: { type: string, enum: [a, b] }",
        "tag: { type: string, enum: [a] }",
      ],
      ["short: Read a note.", "short: Read it."],
    ]);
    const { changes } = diffTexts(variant([]), current);
    expect(changes.map((c) => [c.change, c.line])).toEqual([
      ["enum-value-removed", lineOf(current, "tag:")],
      ["text-changed", lineOf(current, "short: Read it.")],
    ]);
    const tagLine = current.split("\n")[changes[0]!.line - 1]!;
    expect(tagLine.slice(changes[0]!.col - 1)).toMatch(/^\[a\]/);
    expect(changes[1]!.delta).toBe("Read it.".length - "Read a note.".length);
  });

  it("locates a removed input at its tool's properties", () => {
    const current = variant([
      ["        tag: { type: string, enum: [a, b] }\n", ""],
      ["body: [text, tag]", "body: [text]"],
    ]);
    const { changes } = diffTexts(variant([]), current);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      change: "input-removed",
      tool: "add_note",
      input: "tag",
      line: lineOf(current, "properties:"),
    });
  });
});

describe("acknowledged_breaks", () => {
  it("lets a break it names through with its reason", () => {
    const current = acknowledged(
      "  - { tool: ping, change: tool-removed, reason: nobody calls it }\n",
    );
    const result = diffTexts(variant([]), current);
    expect(result.changes).toMatchObject([
      { change: "tool-removed", acknowledged: "nobody calls it" },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("warns, at its place, of one that matches no change", () => {
    const current = acknowledged(
      "  - { tool: ping, change: tool-removed, reason: gone }\n  - { tool: add_note, change: input-removed, reason: renamed }\n",
    );
    const result = diffTexts(variant([]), current);
    expect(result.warnings).toMatchObject([
      {
        severity: "warning",
        code: "unmatched-acknowledgement",
        line: lineOf(current, "change: input-removed"),
      },
    ]);
    expect(result.warnings[0]!.message).toContain("tool 'add_note'");
  });

  it("matches the tool as well as the change", () => {
    const current = acknowledged(
      "  - { tool: get_note, change: tool-removed, reason: wrong tool }\n",
    );
    const result = diffTexts(variant([]), current);
    expect(result.changes[0]!.acknowledged).toBeUndefined();
    expect(result.warnings).toHaveLength(1);
  });

  it("refuses a change diff does not report as breaking, and one acknowledged twice", () => {
    const current = acknowledged(
      "  - { tool: ping, change: tool-remove, reason: typo }\n  - { tool: ping, change: tool-added, reason: compatible }\n  - { tool: ping, change: tool-removed, reason: once }\n  - { tool: ping, change: tool-removed, reason: twice }\n",
    );
    const at = (needle: string) => {
      const line = lineOf(current, needle);
      return `${line}:${current.split("\n")[line - 1]!.indexOf(needle) + 1}`;
    };
    expect(specProblems(current)).toEqual([
      `${at("tool-remove,")}: acknowledged break 1 (tool 'ping'): 'tool-remove' is no breaking change toolgen diff reports; did you mean 'tool-removed'?`,
      `${at("tool-added")}: acknowledged break 2 (tool 'ping'): 'tool-added' is a compatible change: it needs no acknowledgement`,
      `${at("{ tool: ping, change: tool-removed, reason: twice }")}: acknowledged break 4 (tool 'ping'): tool-removed is already acknowledged by acknowledged break 3`,
    ]);
  });
});

describe("names in messages", () => {
  it("shows an input name holding a quote or a backslash as a JSON string, so it reads one way only", () => {
    const current = variant([
      [
        "        workspace: { type: string }\n",
        '        workspace: { type: string }\n        "it\'s a\\\\n": { type: string }\n',
      ],
      ["body: [text, tag]", 'body: [text, tag, "it\'s a\\\\n"]'],
    ]);
    const [c] = diffTexts(variant([]), current).changes;
    expect(c!.input).toBe("it's a\\n");
    expect(c!.message).toBe(
      String.raw`tool 'add_note', input "it's a\\n": added (optional)`,
    );
  });
});
