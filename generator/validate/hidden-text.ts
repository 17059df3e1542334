import { HIDDEN, UNPRINTABLE } from "../diagnostics/hidden.js";
import { describePath } from "./subject.js";
import type { Problem } from "./problem.js";
import type { Check } from "./checked-spec.js";

type Step = string | number;

/** A problem for every string of the spec, keys included, that holds a hidden character. */
export function hiddenTextProblems(raw: unknown): Problem[] {
  const problems: Problem[] = [];
  findHidden(raw, [], problems);
  // Named once the walk is done: the names come from the spec read whole.
  return problems.map((p) => ({
    ...p,
    message: `${escaped(describePath(raw, p.key ? p.path.slice(0, -1) : p.path))}${p.key ? ": a key" : ""} ${p.message}`,
  }));
}

/**
 * Visits every string under `value` (at `path`, which the walk extends and restores), keys
 * included, in document order. Recursive: the parser refuses a spec nested deeper than MAX_DEPTH
 * (64) levels, so the walk cannot run out of stack.
 */
function findHidden(value: unknown, path: Step[], problems: Problem[]): void {
  if (typeof value === "string") {
    reportHidden(value, path, undefined, problems);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      findHidden(value[i], path, problems);
      path.pop();
    }
  } else if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value)) {
      path.push(key);
      reportHidden(key, path, true, problems);
      findHidden((value as Record<string, unknown>)[key], path, problems);
      path.pop();
    }
  }
}

/** A problem when `text` holds a hidden character, at a copy of `path`. */
function reportHidden(
  text: string,
  path: readonly Step[],
  key: true | undefined,
  problems: Problem[],
): void {
  const found = HIDDEN.exec(text);
  if (found === null) return;
  const code = found[0]
    .codePointAt(0)!
    .toString(16)
    .toUpperCase()
    .padStart(4, "0");
  problems.push({
    path: [...path],
    key,
    token: found[0],
    message: `contains the invisible character U+${code}, which hides text from reviewers but not from the model`,
    code: "hidden-character",
  });
}

/** A text with its control and invisible characters written as escapes, so a message never hides or reorders text. */
function escaped(text: string): string {
  return text.replace(
    UNPRINTABLE,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

/** Every string of the spec, keys included, with a hidden character (none inside a tool whose structure is broken). */
export const checkHiddenText: Check = ({ raw, tools }) =>
  hiddenTextProblems(raw).filter((p) => inSoundPart(p, tools));

/** False for a problem inside a tool whose structure is broken: the checks set such a tool aside. */
export function inSoundPart(p: Problem, tools: readonly unknown[]): boolean {
  return !(
    p.path[0] === "tools" &&
    typeof p.path[1] === "number" &&
    tools[p.path[1]] === undefined
  );
}
