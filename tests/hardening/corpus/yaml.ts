import { base, vary, type CorpusCase } from "./base.js";

/** An alias bomb: each level refers to the one before nine times (9^7 nodes if expanded). */
const bomb = [
  "a: &a [x, x, x, x, x, x, x, x, x]",
  ...["b", "c", "d", "e", "f", "g"].map((k, i) => `${k}: &${k} [${Array(9).fill(`*${"abcdefg"[i]}`).join(", ")}]`),
  "targets: *g",
].join("\n");

/** YAML that is malformed, or well-formed in ways that read differently from what was meant. */
export const yamlCases: CorpusCase[] = [
  { name: "invalid-syntax", spec: vary(["short: Add a note.", "short: [Add a note."]), exit: 2, says: "tools.yaml:27:5: flow sequence" },
  { name: "unclosed-quote", spec: vary(["short: Read a note.", 'short: "Read a note.']), exit: 2 },
  { name: "tab-indent", spec: vary(["    short: Add a note.", "\tshort: Add a note."]), exit: 2, says: "a tab is used for indentation" },
  { name: "byte-order-mark", spec: `\ufeff${base}`, exit: 0 },
  { name: "crlf-line-ends", spec: base.replace(/\n/g, "\r\n"), exit: 0 },
  { name: "bare-cr-line-ends", spec: base.replace(/\n/g, "\r"), exit: 0 },
  { name: "alias-bomb", spec: bomb, exit: 2, says: "aliases expand to too many nodes" },
  {
    // A schema anchored once and reused hundreds of times is no bomb (the unknown key proves it got past the aliases).
    name: "anchor-reused-many-times",
    spec: `${vary(["        id: { type: string }\n", "        id: &id { type: string, description: The id of a note. }\n"])}x-shared:\n${Array.from({ length: 400 }, (_, i) => `  - { n${i}: *id }`).join("\n")}\n`,
    exit: 2,
    says: "unknown key 'x-shared'",
  },
  { name: "alias-before-anchor", spec: `${base}x: *later\ny: &later 1\n`, exit: 2, says: "the alias *later comes before its anchor &later" },
  { name: "alias-without-anchor", spec: vary(["short: Add a note.", "short: *nowhere"]), exit: 2, says: "the alias *nowhere" },
  { name: "colon-in-plain-value", spec: vary(["short: Read a note.", "short: Read: a note."]), exit: 2, says: "this value holds ': '" },
  { name: "key-indented-too-deep", spec: vary(["    short: Read a note.\n", "    short: Read a note.\n      when: later\n"]), exit: 2, says: "indented deeper than its key" },
  { name: "list-as-key", spec: `${base}? [a]\n: 1\n`, exit: 2, says: "a key must be a plain string, not a list or a mapping" },
  { name: "duplicate-key", spec: vary(["short: Add a note.", "short: Add a note.\n    short: Again."]), exit: 2, says: "duplicate key" },
  { name: "norway-no-is-text", spec: vary(["short: Add a note.", "short: NO"], ["label: Misc", "label: on"]), exit: 0 },
  { name: "decimal-where-text-is-meant", spec: vary(["short: Add a note.", "short: 1.10"]), exit: 2, says: "must be a string, not number 1.1 (YAML reads unquoted numbers" },
  { name: "leading-zero-where-text-is-meant", spec: vary(["label: Misc", "label: 083"]), exit: 2, says: "put it in quotes" },
  { name: "boolean-where-text-is-meant", spec: vary(["footer: That is all.", "footer: true"]), exit: 2, says: "not boolean true" },
  { name: "flow-nesting-5000", spec: `${base}x: ${"[".repeat(5000)}${"]".repeat(5000)}\n`, exit: 2, says: "nesting deeper than 64 levels" },
  {
    name: "block-nesting-5000",
    spec: `${base}x:\n${Array.from({ length: 5000 }, (_, i) => `${" ".repeat(i + 1)}k${i}:`).join("\n")} 1\n`,
    exit: 2,
    says: "nesting deeper than 64 levels",
  },
  { name: "sequence-nesting-5000", spec: `${base}x:\n${"- ".repeat(5000)}1\n`, exit: 2, says: "nesting deeper than 64 levels" },
  { name: "nesting-65-in-a-schema", spec: vary(["id: { type: string }", `id: ${"{ type: object, properties: { n: ".repeat(31)}{ type: string }${" } }".repeat(31)}`]), exit: 2, says: "nesting deeper than 64 levels" },
  { name: "empty-file", spec: "", exit: 2, says: "the spec is empty" },
  { name: "only-comments", spec: "# nothing here yet\n", exit: 2, says: "the spec is empty" },
  { name: "custom-tag", spec: vary(["short: Add a note.", "short: !include note.txt"]), exit: 2, says: "unknown tag !include" },
  { name: "binary-tag", spec: vary(["short: Add a note.", "short: !!binary aGVsbG8="]), exit: 2, says: "unknown tag !!binary" },
  { name: "two-documents", spec: `${base}---\nmore: true\n`, exit: 2 },
  { name: "top-level-list", spec: "- a\n- b\n", exit: 2, says: "must be a mapping" },
];
