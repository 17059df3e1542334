/** A line init adds to a plain-text list file, and the other spellings that already say the same. */
export interface LineRule {
  readonly file: string;
  readonly line: string;
  readonly same: readonly string[];
  /** What the line is for, in the messages. */
  readonly why: string;
}

export const LINE_RULES: readonly LineRule[] = [
  {
    file: ".gitattributes",
    line: "generated/** text eol=lf linguist-generated",
    same: [],
    why: "generated files stay LF on every machine, as the drift gate compares them",
  },
  {
    file: ".prettierignore",
    line: "generated/",
    same: ["generated", "/generated", "/generated/", "generated/**"],
    why: "the formatter leaves toolgen's layout alone",
  },
  {
    file: ".gitignore",
    line: "node_modules/",
    same: ["node_modules", "/node_modules", "/node_modules/"],
    why: "installed packages stay out of git",
  },
];

/** Whether the file's text already holds the rule's line (or a spelling of it), ignoring surrounding spaces. */
export function hasLine(text: string, rule: LineRule): boolean {
  const wanted = new Set([rule.line, ...rule.same]);
  return text.split(/\r?\n/).some((l) => wanted.has(l.trim()));
}

/** What to append so the file ends with the line: on a line of its own, in the file's own line ending. */
export function appendedText(text: string, line: string): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const sep = text === "" || text.endsWith("\n") ? "" : eol;
  return `${sep}${line}${eol}`;
}
