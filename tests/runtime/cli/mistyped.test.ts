import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../../runtime/cli/argv.js";
import type { CliCommandSpec, CliData } from "../../../runtime/cli/types.js";
import { data } from "./data.js";

// "Did you mean" for the words of a multi-word command: the word that no command continues
// with is compared with the words that do continue what came before it.

function command(keyword: string): CliCommandSpec {
  const tool = keyword.replace(/[^a-z]+/g, "_");
  return {
    tool,
    keyword,
    usage: keyword,
    summary: tool,
    description: `${tool}.`,
    local: false,
    inputs: [],
  };
}

const keywords = ["notes find", "notes find --all", "notes put", "nodes list"];
const multi: CliData = { ...data, commands: keywords.map(command) };

function message(argv: string[]): string | null {
  const inv = parseCommandLine(argv, multi);
  return inv.kind === "usage" ? inv.message : null;
}

describe("a mistyped word of a multi-word command", () => {
  it.each(keywords.filter((k) => !k.includes("--")))(
    "%s: its last word mistyped is suggested back",
    (keyword) => {
      const words = keyword.split(" ");
      const last = words.pop()!;
      const typo = last.slice(1);
      expect(message([...words, typo])).toBe(
        `unknown command '${[...words, typo].join(" ")}': did you mean '${keyword}'?`,
      );
    },
  );

  it("a mistyped first word is compared with the first words only", () => {
    expect(message(["ntoes", "find"])).toBe(
      "unknown command 'ntoes': did you mean 'notes'?",
    );
    // `notes` and `nodes` are both one edit from `nobes`.
    expect(message(["nobes", "find"])).toBe(
      "unknown command 'nobes': did you mean 'notes' or 'nodes'?",
    );
  });

  it("without a close word, says what it said before", () => {
    expect(message(["notes", "frobnicate"])).toBe(
      "'notes' needs more words: notes find, notes find --all, notes put",
    );
    expect(message(["notes"])).toBe(
      "'notes' needs more words: notes find, notes find --all, notes put",
    );
    expect(message(["frobnicate"])).toBe("unknown command 'frobnicate'");
  });

  it("a flag word of a sibling command is an option it may have meant", () => {
    expect(message(["notes", "find", "--al"])).toBe(
      "unknown option '--al': did you mean '--all'?",
    );
  });
});
