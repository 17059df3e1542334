import { quoted, vary, type CorpusCase } from "./base.js";

/** Invisible characters in each kind of text a model reads: every one is an error. */
export const hiddenCases: CorpusCase[] = [
  { name: "zero-width-space-in-description", spec: vary(["description: The note.", `description: ${quoted("The\u200b note.")}`]), exit: 2 },
  { name: "bidi-override-in-short", spec: vary(["short: Read a note.", `short: ${quoted("Read \u202enote a.")}`]), exit: 2 },
  { name: "bidi-isolate-in-footer", spec: vary(["footer: That is all.", `footer: ${quoted("That is \u2066all\u2069.")}`]), exit: 2 },
  { name: "unicode-tags-in-when-to-use", spec: vary(["when_to_use: When in doubt.", `when_to_use: ${quoted("When in doubt.\u{e0049}\u{e0047}\u{e004e}")}`]), exit: 2 },
  { name: "zero-width-joiner-in-enum", spec: vary(["enum: [a, b]", `enum: [a, ${quoted("b\u200d")}]`]), exit: 2 },
  { name: "byte-order-mark-in-preamble", spec: vary(["preamble: You can use these tools.", `preamble: ${quoted("You can\ufeff use these tools.")}`]), exit: 2 },
  { name: "word-joiner-in-property-name", spec: vary(["        id: { type: string }", `        ${quoted("i\u2060d")}: { type: string }`], ["required: [id]", `required: [${quoted("i\u2060d")}]`], ["path: /notes/{id}", `path: ${quoted("/notes/{i\u2060d}")}`]), exit: 2 },
  { name: "left-to-right-mark-in-cli-summary", spec: vary(["summary: Add a note", `summary: ${quoted("Add a\u200e note")}`]), exit: 2 },
  { name: "variation-selectors-in-heading", spec: vary(["heading: Notes", `heading: ${quoted("Notes\ufe01\u{e0101}\u{e0102}")}`]), exit: 2 },
  { name: "hangul-filler-in-label", spec: vary(["label: Misc", `label: ${quoted("Misc\u3164\u3164")}`]), exit: 2 },
  { name: "soft-hyphen-in-default", spec: vary(["tag: { type: string, enum: [a, b] }", `tag: { type: string, enum: [a, b] }\n        extra: { type: string, default: ${quoted("x\u00ady")} }`], ["body: [text, tag]", "body: [text, tag, extra]"]), exit: 2 },
  { name: "terminal-escape-in-cli-summary", spec: vary(["summary: Add a note", `summary: ${quoted("Add a note\u001b[2J\u001b]0;owned\u0007")}`]), exit: 2, says: "U+001B" },
  { name: "nul-in-description", spec: vary(["description: The note.", `description: ${quoted("The\u0000 note.")}`]), exit: 2, says: "U+0000" },
  { name: "emoji-presentation-selector-is-fine", spec: vary(["short: Add a note.", `short: ${quoted("Add a note \u2764\ufe0f.")}`]), exit: 0 },
];
