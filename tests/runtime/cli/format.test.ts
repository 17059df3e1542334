import { describe, expect, it } from "vitest";
import { formatJson, formatText } from "../../../runtime/cli/format.js";

describe("formatText: the readable default output", () => {
  it.each<[string, unknown, string]>([
    ["nothing for no answer", undefined, ""],
    ["nothing for null", null, ""],
    ["a string as it is, ended by a newline", "done", "done\n"],
    ["a string that ends its own line", "line 1\nline 2\n", "line 1\nline 2\n"],
    ["a number", 42, "42\n"],
    ["an empty list", [], "(none)\n"],
    ["a list of words, one a line", ["ws-1", "ws-2"], "- ws-1\n- ws-2\n"],
    [
      "an object as key: value lines",
      { id: "ws-1", online: true, load: 0.5, note: null },
      "id: ws-1\nonline: true\nload: 0.5\nnote: null\n",
    ],
    [
      "nested values indented",
      { id: "ws-1", owner: { name: "Ann", teams: ["a", "b"] }, tags: [] },
      "id: ws-1\nowner:\n  name: Ann\n  teams:\n    - a\n    - b\ntags: (none)\n",
    ],
    [
      "a multi-line string under its key",
      { answer: "one\ntwo" },
      "answer:\n  one\n  two\n",
    ],
    [
      "records as blocks apart",
      [
        { id: "a", status: "done" },
        { id: "b", status: "queued" },
      ],
      "id: a\nstatus: done\n\nid: b\nstatus: queued\n",
    ],
    [
      "terminal escape sequences shown, not obeyed",
      { note: "red\x1b[31m\rover\x9b2J" },
      "note: red\\x1b[31m\\x0dover\\x9b2J\n",
    ],
    ["tabs and line breaks kept", "a\tb\nc", "a\tb\nc\n"],
    [
      "records inside an object as list items",
      {
        peers: [
          { id: "a", up: true },
          { id: "b", up: false },
        ],
      },
      "peers:\n  - id: a\n    up: true\n  - id: b\n    up: false\n",
    ],
  ])("%s", (_name, answer, expected) => {
    expect(formatText(answer)).toBe(expected);
  });
});

describe("formatJson: the answer exactly", () => {
  it.each<[unknown]>([
    [{ a: [1, { b: null }], c: "x\ny" }],
    [[]],
    ["text"],
    [null],
  ])("%j round-trips", (answer) => {
    const text = formatJson(answer);
    expect(text.endsWith("\n")).toBe(true);
    expect(JSON.parse(text)).toEqual(answer);
  });

  it("escapes C1 controls that JSON.stringify leaves raw, keeping the value", () => {
    const text = formatJson({ s: "a\x9b2Jb\x7f" });
    expect(text).toBe('{\n  "s": "a\\u009b2Jb\\u007f"\n}\n');
    expect(JSON.parse(text)).toEqual({ s: "a\x9b2Jb\x7f" });
  });

  it("prints null when there is no answer, so the output is always JSON", () => {
    expect(formatJson(undefined)).toBe("null\n");
  });
});
