import { describe, expect, it } from "vitest";
import {
  parseCommandLine,
  type Invocation,
} from "../../../runtime/cli/argv.js";
import { data } from "./data.js";

/** The parts of an invocation worth comparing: which tool, with what, or which message. */
function summary(inv: Invocation) {
  if (inv.kind === "run")
    return { run: inv.command.tool, input: inv.input, json: inv.json };
  if (inv.kind === "help") return { help: inv.command?.tool ?? "(all)" };
  return { usage: inv.message, command: inv.command?.tool ?? null };
}

describe("parseCommandLine: commands and arguments", () => {
  it.each<[string, string[], ReturnType<typeof summary>]>([
    [
      "positionals",
      ["send", "bob", "hello there"],
      { run: "send", input: { to: "bob", text: "hello there" }, json: false },
    ],
    [
      "a flag word picks the longer keyword",
      ["send", "--async", "bob", "hi"],
      { run: "send_async", input: { to: "bob", text: "hi" }, json: false },
    ],
    [
      "the flag word may come after the arguments",
      ["send", "bob", "hi", "--async"],
      { run: "send_async", input: { to: "bob", text: "hi" }, json: false },
    ],
    [
      "--json anywhere, even before the command",
      ["--json", "send", "bob", "hi"],
      { run: "send", input: { to: "bob", text: "hi" }, json: true },
    ],
    [
      "an option with a space",
      ["send", "--source-workspace-id", "ws-2", "bob", "hi"],
      {
        run: "send",
        input: { to: "bob", text: "hi", source_workspace_id: "ws-2" },
        json: false,
      },
    ],
    [
      "an option with =",
      ["send", "bob", "hi", "--source-workspace-id=ws-2"],
      {
        run: "send",
        input: { to: "bob", text: "hi", source_workspace_id: "ws-2" },
        json: false,
      },
    ],
    [
      "after --, words starting with - are positionals",
      ["send", "bob", "--", "--not-an-option"],
      {
        run: "send",
        input: { to: "bob", text: "--not-an-option" },
        json: false,
      },
    ],
    [
      "a negative number is a value, not an option",
      ["search", "-1"],
      { run: "search", input: { query: "-1" }, json: false },
    ],
    [
      "typed options",
      [
        "search",
        "q",
        "--limit",
        "5",
        "--min-score",
        "0.25",
        "--exact",
        "--scope",
        "TEAM",
        "--tags",
        "a",
        "--tags",
        "b",
      ],
      {
        run: "search",
        input: {
          query: "q",
          limit: 5,
          min_score: 0.25,
          exact: true,
          scope: "TEAM",
          tags: ["a", "b"],
        },
        json: false,
      },
    ],
    [
      "--no-<flag> sets false",
      ["search", "q", "--no-exact"],
      { run: "search", input: { query: "q", exact: false }, json: false },
    ],
    [
      "--flag=false",
      ["search", "q", "--exact=false"],
      { run: "search", input: { query: "q", exact: false }, json: false },
    ],
    [
      "an empty enum value",
      ["search", "q", "--scope", ""],
      { run: "search", input: { query: "q", scope: "" }, json: false },
    ],
    [
      "a JSON object option",
      ["publish", "--card", '{"name":"x","skills":[1]}'],
      {
        run: "publish",
        input: { card: { name: "x", skills: [1] } },
        json: false,
      },
    ],
  ])("%s", (_name, argv, expected) => {
    expect(summary(parseCommandLine(argv, data))).toEqual(expected);
  });
});

describe("parseCommandLine: help", () => {
  it.each<[string[], string]>([
    [["--help"], "(all)"],
    [["-h"], "(all)"],
    [["help"], "(all)"],
    [["send", "--help"], "send"],
    [["send", "--async", "-h"], "send_async"],
    [["help", "send", "--async"], "send_async"],
    [["search", "--bogus", "--help"], "search"],
  ])("%j", (argv, tool) => {
    expect(summary(parseCommandLine(argv, data))).toEqual({ help: tool });
  });
});

describe("parseCommandLine: usage errors", () => {
  it.each<[string[], string, string | null]>([
    [[], "missing command", null],
    [["--json"], "missing command", null],
    [["sned", "bob"], "unknown command 'sned': did you mean 'send'?", null],
    [["serch"], "unknown command 'serch': did you mean 'search'?", null],
    [
      ["help", "serch"],
      "unknown command 'serch': did you mean 'search'?",
      null,
    ],
    [["hlep", "send"], "unknown command 'hlep': did you mean 'help'?", null],
    [["help", "hlep"], "unknown command 'hlep'", null],
    [["help", "nothing"], "unknown command 'nothing'", null],
    [["--async", "bob"], "missing command", null],
    [["--version"], "unknown option '--version': a command comes first", null],
    [
      ["--json", "--colour=red"],
      "unknown option '--colour': a command comes first",
      null,
    ],
    [
      ["send", "bob", "hi", "--json=false"],
      "option '--json' takes no value",
      "send",
    ],
    [["send", "bob"], "missing <text>", "send"],
    [["send"], "missing <to> <text>", "send"],
    [["send", "bob", "hi", "extra"], "unexpected argument 'extra'", "send"],
    [
      ["send", "bob", "hi", "--colour", "red"],
      "unknown option '--colour'",
      "send",
    ],
    [
      ["send", "bob", "hi", "--colour=red"],
      "unknown option '--colour'",
      "send",
    ],
    [["send", "bob", "hi", "-x"], "unknown option '-x'", "send"],
    [
      ["search", "q", "--limt", "2"],
      "unknown option '--limt': did you mean '--limit'?",
      "search",
    ],
    [
      ["search", "q", "--min-scroe=2"],
      "unknown option '--min-scroe': did you mean '--min-score'?",
      "search",
    ],
    [
      ["search", "q", "--no-exat"],
      "unknown option '--no-exat': did you mean '--no-exact'?",
      "search",
    ],
    [
      ["search", "q", "--jsno"],
      "unknown option '--jsno': did you mean '--json'?",
      "search",
    ],
    [
      ["send", "--asnyc", "bob", "hi"],
      "unknown option '--asnyc': did you mean '--async'?",
      "send",
    ],
    [
      ["send", "bob", "hi", "--source-workspace-id"],
      "option '--source-workspace-id' needs a value",
      "send",
    ],
    [
      ["send", "bob", "hi", "--source-workspace-id", "--json"],
      "option '--source-workspace-id' needs a value",
      "send",
    ],
    [
      [
        "send",
        "bob",
        "hi",
        "--source-workspace-id",
        "a",
        "--source-workspace-id",
        "b",
      ],
      "option '--source-workspace-id' is given more than once",
      "send",
    ],
    [
      ["search", "q", "--limit", "2.5"],
      '--limit must be a whole number, not "2.5"',
      "search",
    ],
    [
      ["search", "q", "--limit", "ten"],
      '--limit must be a whole number, not "ten"',
      "search",
    ],
    [
      ["search", "q", "--min-score", ""],
      '--min-score must be a number, not ""',
      "search",
    ],
    [
      ["search", "q", "--exact=yes"],
      '--exact must be true or false, not "yes"',
      "search",
    ],
    [
      ["search", "q", "--scope", "team"],
      '--scope must be one of "LOCAL", "TEAM", "", not "team"',
      "search",
    ],
    [["publish"], "missing required option '--card'", "publish"],
    [
      ["publish", "--card", "[1]"],
      '--card must be a JSON object, not "[1]"',
      "publish",
    ],
  ])("%j", (argv, message, tool) => {
    expect(summary(parseCommandLine(argv, data))).toEqual({
      usage: message,
      command: tool,
    });
  });

  it("says why JSON text is not JSON", () => {
    const inv = parseCommandLine(["publish", "--card", "{name: x}"], data);
    expect(inv.kind).toBe("usage");
    expect(inv.kind === "usage" && inv.message).toMatch(
      /^--card must be a JSON object: .*JSON/,
    );
  });
});
