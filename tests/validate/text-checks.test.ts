import fc from "fast-check";
import { seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import { parseSpec } from "../../generator/read/parse.js";
import {
  hiddenTextProblems,
  mayHoldHidden,
} from "../../generator/validate/hidden-text.js";
import { oldNamesInDocs } from "../../generator/validate/renames.js";

/** Pieces of YAML scalars: escapes that write hidden characters and escapes that do not, raw hidden characters, plain text. */
const escapes = [
  "\\x1b",
  "\\x41",
  "\\u200b",
  "\\u0041",
  "\\U000E0041",
  "\\N",
  "\\_",
  "\\t",
  "\\n",
  "\\L",
  "\\P",
  "\\e",
  "\\0",
  "\\a",
  "\\b",
  "\\v",
  "\\f",
  "\\/",
  '\\"',
  "\\\\",
  "\\\\x1b",
  "\\ ",
];
const raw = ["\u200b", "\u00ad", "\ufe0f", "\u{e0041}", "\u2028", "é", "😀"];
const plain = ["a", "b c", "x-y", "\\d", "\\x"];

const quoted = fc
  .array(fc.constantFrom(...escapes, ...raw, ...plain), { maxLength: 4 })
  .map((parts) => `"${parts.join("")}"`);
const unquoted = fc
  .array(fc.constantFrom(...raw, ...plain), { minLength: 1, maxLength: 3 })
  .map((parts) => `w${parts.join("")}`);
const scalar = fc.oneof(
  quoted,
  unquoted,
  fc.constantFrom("1", "null", "'single \\x1b'"),
);
const entry = fc.tuple(
  scalar,
  fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
  ),
);
const yamlText = fc
  .uniqueArray(entry, { minLength: 1, maxLength: 4, selector: ([key]) => key })
  .map((entries) => entries.map(([k, v]) => `${k}: ${v}\n`).join(""));

describe("the search for hidden characters", () => {
  it("skips the walk only for a text whose values hold none: the same problems either way", () => {
    let hidden = 0;
    fc.assert(
      fc.property(yamlText, (text) => {
        const parsed = parseSpec("tools.yaml", text);
        if (!parsed.ok) return;
        const walked = hiddenTextProblems(parsed.spec.value);
        if (walked.length > 0) hidden++;
        expect(
          hiddenTextProblems(parsed.spec.value, parsed.spec.source),
        ).toEqual(walked);
      }),
      seeded(1500),
    );
    // The property means nothing unless many texts hold a hidden character.
    expect(hidden).toBeGreaterThan(200);
  });

  it("does not skip a text with a hidden character or an escape that writes one", () => {
    expect(mayHoldHidden("a: b\n")).toBe(false);
    expect(mayHoldHidden("a: '\\d+'\n")).toBe(false);
    expect(mayHoldHidden("a: b\u200b\n")).toBe(true);
    expect(mayHoldHidden('a: "\\e[2J"\n')).toBe(true);
    expect(mayHoldHidden('a: "\\U000E0041"\n')).toBe(true);
  });
});

/** The scan as it was: a Set of the words of each text, and each old name looked up in it. */
function oldNamesBySet(
  text: string,
  oldNames: ReadonlyMap<string, string>,
): string[] {
  const words = new Set(text.match(/[A-Za-z0-9_-]+/g));
  return [...oldNames.keys()].filter((old) => words.has(old));
}

describe("old names in the prompt docs", () => {
  const name = fc.stringMatching(/^[a-z]{1,3}([_-][a-z0-9]{1,2})?$/);
  const word = fc.oneof(
    name,
    fc.constantFrom("a", "ab", "a_b", "x-1", "é", "a.b", "--", "_a", "a_", ""),
  );
  const text = fc
    .array(
      fc.tuple(word, fc.constantFrom(" ", "-", "_", ".", "'", "\n", "é", "")),
      { maxLength: 8 },
    )
    .map((parts) => parts.flat().join(""));

  it("finds each old name used as a whole word, once a text, as a Set of the text's words does", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
        text,
        text,
        (olds, short, preamble) => {
          const oldNames = new Map(olds.map((old) => [old, "now"]));
          const raw = {
            tools: [{ short, when_to_use: [preamble], cli: { usage: short } }],
            targets: { cli: {}, docs: { preamble } },
          };
          const found = oldNamesInDocs(raw, oldNames).map(
            (p) => `${p.path.join(".")}: ${p.message}`,
          );
          // The texts as messages name them: the tool has no name, so it goes by its number.
          const named: Record<string, string> = {
            "tools.0.short": "tool 1: 'short'",
            "tools.0.cli.usage": "tool 1: 'cli.usage'",
            "tools.0.when_to_use.0": "tool 1: 'when_to_use.0'",
            "targets.docs.preamble": "'targets.docs.preamble'",
          };
          const expected = [
            ...["tools.0.short", "tools.0.cli.usage"].flatMap((at) =>
              oldNamesBySet(short, oldNames).map((old) => ({ at, old })),
            ),
            ...["tools.0.when_to_use.0", "targets.docs.preamble"].flatMap(
              (at) =>
                oldNamesBySet(preamble, oldNames).map((old) => ({ at, old })),
            ),
          ].map(
            ({ at, old }) =>
              `${at}: ${named[at]}: '${old}' is an old name of 'now' and must not appear in the prompt docs`,
          );
          expect(found.sort()).toEqual(expected.sort());
        },
      ),
      seeded(1500),
    );
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
