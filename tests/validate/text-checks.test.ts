import { describe, expect, it } from "vitest";
import { parseSpec } from "../../generator/read/parse.js";
import { hiddenTextProblems } from "../../generator/validate/hidden-text.js";
import { oldNamesInDocs } from "../../generator/validate/renames.js";

/** The paths (and whether a key) of the hidden characters found in a spec read from `text`. */
function hiddenIn(text: string): string[] {
  const parsed = parseSpec("tools.yaml", text);
  if (!parsed.ok) throw new Error(`not YAML: ${text}`);
  return hiddenTextProblems(parsed.spec.value).map(
    (p) => `${p.path.join(".")}${p.key ? " (key)" : ""}: ${p.token}`,
  );
}

describe("the search for hidden characters", () => {
  it.each<[string, string[]]>([
    ["a: b\n", []],
    // Single quotes write a backslash: no escape.
    ["a: '\\e\\x1b'\n", []],
    // Escapes that write a tab, line ends, a no-break space, a quote, a slash: none hidden.
    ['a: "\\t\\L\\P\\_\\"\\/"\n', []],
    ["a: b\u200b\n", ["a: \u200b"]],
    ['a: "\\e[2J"\n', ["a: \x1b"]],
    ['a: "\\x1b"\n', ["a: \x1b"]],
    ['a: "\\U000E0041"\n', ["a: \u{e0041}"]],
    ['a: [x, "y\\u200b"]\n', ["a.1: \u200b"]],
    ["k\u00ad: v\n", ["k\u00ad (key): \u00ad"]],
  ])("%j → %j", (text, found) => {
    expect(hiddenIn(text)).toEqual(found);
  });
});

describe("old names in the prompt docs", () => {
  const oldNames = new Map([
    ["old_name", "new_name"],
    ["legacy", "modern"],
    ["a.b", "ab"],
  ]);
  /** The old names found in a tool's short, sorted. */
  const foundIn = (short: string) =>
    oldNamesInDocs({ tools: [{ short }], targets: {} }, oldNames)
      .map((p) => p.token)
      .sort();

  it.each<[string, string[]]>([
    ["Call old_name to begin.", ["old_name"]],
    ["old_name, then old_name again", ["old_name"]],
    ["legacy or old_name", ["legacy", "old_name"]],
    // Only a whole run of [A-Za-z0-9_-] is a name.
    ["old_name_v2, old-name, xold_name, old_name2", []],
    ["(old_name). 'legacy'", ["legacy", "old_name"]],
    // A name with other characters is never a whole word.
    ["a.b", []],
  ])("%j → %j", (short, found) => {
    expect(foundIn(short)).toEqual(found);
  });

  it("names the text, the old name and the new one", () => {
    expect(
      oldNamesInDocs(
        { tools: [{ name: "t", short: "x", when_to_use: ["see legacy"] }] },
        oldNames,
      ).map((p) => [p.path.join("."), p.message]),
    ).toEqual([
      [
        "tools.0.when_to_use.0",
        "tool 't': 'when_to_use.0': 'legacy' is an old name of 'modern' and must not appear in the prompt docs",
      ],
    ]);
  });

  it("skips the CLI texts without the cli target: they reach no prompt doc", () => {
    const oldNames = new Map([["old_name", "now"]]);
    const raw = {
      tools: [{ short: "x", when_to_use: "y", cli: { usage: "old_name" } }],
      sections: [{ heading: "h", label: "l", cli: { intro: "old_name" } }],
      targets: { docs: { preamble: "p" } },
    };
    expect(oldNamesInDocs(raw, oldNames)).toEqual([]);
    const withCli = { ...raw, targets: { ...raw.targets, cli: {} } };
    expect(oldNamesInDocs(withCli, oldNames).map((p) => p.path)).toEqual([
      ["tools", 0, "cli", "usage"],
      ["sections", 0, "cli", "intro"],
    ]);
  });
});
