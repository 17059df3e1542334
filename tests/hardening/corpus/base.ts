import { readFixture } from "../../helpers/project.js";

/** One corpus case: a spec, the exit code toolgen must give, and words its message must hold. */
export interface CorpusCase {
  readonly name: string;
  readonly spec: string;
  readonly exit: 0 | 2;
  /** Words stderr must hold; the whole stderr is kept as a golden besides. */
  readonly says?: string;
}

/** The small valid spec every case varies: two sections, an HTTP tool with a body, one with a header, a local tool. */
export const base = readFixture("valid", "minimal", "tools.yaml");

/** `base` with each `[from, to]` replaced once; a `from` that is not there is a broken case, not a passing one. */
export function vary(...edits: [from: string, to: string][]): string {
  let text = base;
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`corpus case edits text the base spec does not hold: ${from}`);
    text = text.replace(from, () => to);
  }
  return text;
}

/** `base` with every occurrence of a tool name replaced, in its name, docs and bindings. */
export function renameTool(from: string, to: string): string {
  if (!base.includes(from)) throw new Error(`no tool ${from} in the base spec`);
  return base.split(from).join(to);
}

/** A YAML double-quoted scalar holding exactly `text` (JSON strings are valid YAML). */
export function quoted(text: string): string {
  return JSON.stringify(text);
}
