import { describe, expect, it } from "vitest";
import { selectTools } from "../../../runtime/langchain/select.js";
import type { ToolTable, ToolEntry } from "../../../runtime/langchain/types.js";

const entry = (
  name: string,
  section: string,
  renamedFrom: string[] = [],
): ToolEntry => ({
  name,
  section,
  description: `${name}.`,
  whenToUse: "Whenever.",
  local: false,
  renamedFrom,
  inputSchema: { type: "object", properties: {} },
});

const data: ToolTable = {
  sections: ["notes", "misc", "empty"],
  tools: [
    entry("add_note", "notes", ["create_note"]),
    entry("ping", "misc"),
    entry("get_note", "notes"),
  ],
};
const names = (tools: readonly ToolEntry[]) => tools.map((t) => t.name);

describe("selectTools", () => {
  it.each([
    [
      "nothing asked: every tool",
      undefined,
      undefined,
      ["add_note", "ping", "get_note"],
    ],
    ["a section", ["notes"], undefined, ["add_note", "get_note"]],
    [
      "names, kept in spec order",
      undefined,
      ["get_note", "ping"],
      ["ping", "get_note"],
    ],
    [
      "a section and a name together",
      ["misc"],
      ["get_note"],
      ["ping", "get_note"],
    ],
    [
      "a name twice and its section",
      ["notes"],
      ["add_note", "add_note"],
      ["add_note", "get_note"],
    ],
    ["a section without tools", ["empty"], undefined, []],
  ])("%s", (_, sections, wanted, expected) => {
    expect(names(selectTools(data, sections, wanted))).toEqual(expected);
  });

  it.each([
    [
      "a typo",
      undefined,
      ["add_nte"],
      "createTools: unknown tool 'add_nte' (did you mean 'add_note'?)",
    ],
    [
      "a former name",
      undefined,
      ["create_note"],
      "createTools: unknown tool 'create_note' (renamed to 'add_note')",
    ],
    [
      "a name far from any",
      undefined,
      ["launch_rocket"],
      "createTools: unknown tool 'launch_rocket'",
    ],
    [
      "an unknown section",
      ["note"],
      undefined,
      "createTools: unknown section 'note' (did you mean 'notes'?) (sections: notes, misc, empty)",
    ],
    // The types read an empty selection as none (every tool): giving no tool instead would disagree with them.
    [
      "empty lists",
      [],
      [],
      "createTools: 'sections' and 'names' select nothing: leave them out for every tool, or name at least one",
    ],
    [
      "an empty list alone",
      [],
      undefined,
      "createTools: 'sections' and 'names' select nothing: leave them out for every tool, or name at least one",
    ],
    [
      "several problems at once",
      ["x"],
      ["y", "ping"],
      "createTools: unknown section 'x' (sections: notes, misc, empty); unknown tool 'y'",
    ],
  ])("rejects %s", (_, sections, wanted, message) => {
    expect(() => selectTools(data, sections, wanted)).toThrow(
      new Error(message),
    );
  });

  it.each([
    ["a string for a list", "notes"],
    ["a list holding a number", ["notes", 3]],
  ])("rejects %s", (_, sections) => {
    expect(() => selectTools(data, sections as never, undefined)).toThrow(
      "createTools: 'sections' must be an array of strings",
    );
  });
});
