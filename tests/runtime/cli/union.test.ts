import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../../runtime/cli/argv.js";
import { convert, placeholder } from "../../../runtime/cli/convert.js";
import { commandHelp } from "../../../runtime/cli/help.js";
import type {
  CliCommandSpec,
  CliData,
  InputSchema,
} from "../../../runtime/cli/types.js";
import { data } from "./data.js";

/** `type: [a, b, …]`: a union of JSON types, as a command-line value. */
const union = (...type: string[]): InputSchema =>
  ({ type }) as unknown as InputSchema;

describe("a value of a union type", () => {
  it.each<[string[], string, unknown]>([
    // The most particular reading its types allow, text last.
    [["string", "number"], "5", 5],
    [["string", "number"], "-2.5", -2.5],
    [["string", "number"], "five", "five"],
    [["string", "number"], "", ""],
    [["number", "string"], "5", 5],
    [["string", "integer"], "5", 5],
    [["string", "integer"], "5.5", "5.5"],
    [["integer", "number"], "5.5", 5.5],
    [["string", "boolean"], "true", true],
    [["string", "boolean"], "yes", "yes"],
    [["boolean", "integer"], "false", false],
    [["boolean", "integer"], "7", 7],
    [["object", "string"], '{"a":1}', { a: 1 }],
    [["object", "string"], "{not json", "{not json"],
    [["array", "string"], "[1,2]", [1, 2]],
    [["array", "object"], "[1]", [1]],
    [["string", "number", "null"], "null", "null"],
  ])("%j reads %j as %j", (types, raw, expected) => {
    expect(convert(raw, union(...types), "--x")).toEqual({
      ok: true,
      value: expected,
    });
  });

  it.each<[string[], string, string]>([
    [
      ["boolean", "integer"],
      "abc",
      '--x must be true or false or a whole number, not "abc"',
    ],
    [["integer", "number", "null"], "abc", '--x must be a number, not "abc"'],
    [
      ["array", "object"],
      "3",
      '--x must be a JSON object or a JSON array, not "3"',
    ],
  ])("%j refuses %j", (types, raw, message) => {
    expect(convert(raw, union(...types), "--x")).toEqual({
      ok: false,
      message,
    });
  });

  it("is shown in help as each of its types, null aside", () => {
    expect(placeholder(union("string", "number", "null"))).toBe(
      "<string|number>",
    );
    expect(placeholder(union("integer", "number"))).toBe("<number>");
  });
});

/** The test CLI with one more command: `label <id> [--value <string|boolean>]`. */
const command: CliCommandSpec = {
  tool: "label",
  keyword: "label",
  usage: "label <id>",
  summary: "Label a thing",
  description: "Label a thing.",
  local: false,
  inputs: [
    {
      name: "id",
      option: null,
      required: true,
      schema: union("string", "integer"),
    },
    {
      name: "value",
      option: "value",
      required: false,
      schema: union("string", "boolean"),
    },
  ],
};
const withUnions: CliData = {
  ...data,
  commandMap: { ...data.commandMap, label: "label" },
  commands: [...data.commands, command],
};

describe("union-typed arguments on the command line", () => {
  it.each<[string[], Record<string, unknown>]>([
    [["label", "12", "--value", "true"], { id: 12, value: true }],
    [["label", "a-12", "--value", "blue"], { id: "a-12", value: "blue" }],
    [["label", "12", "--value=false"], { id: 12, value: false }],
  ])("%j", (argv, input) => {
    const parsed = parseCommandLine(argv, withUnions);
    expect(parsed).toMatchObject({ kind: "run", input });
  });

  it("a boolean in a union is an option with a value, not a flag", () => {
    const parsed = parseCommandLine(["label", "1", "--value"], withUnions);
    expect(parsed.kind).toBe("usage");
    const help = commandHelp(withUnions, command, () => true);
    expect(help).toContain("--value <string|boolean>");
    expect(help).not.toContain("--no-value");
  });
});
