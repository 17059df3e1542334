import { HIDDEN, UNPRINTABLE } from "./hidden.js";
import { describePath } from "./subject.js";
import type { Problem } from "./problem.js";
import type { Check } from "./checked-spec.js";

type Step = string | number;

/**
 * What can put a hidden character into a value read from a YAML text: the character itself, or a
 * double-quoted escape that writes one (\0 \a \b \e \f \v \N \x \u \U). The other escapes write
 * a tab, a line end, a space, a quote, a slash, a backslash, U+00A0, U+2028 or U+2029, none of
 * them hidden. A text without either holds no value with a hidden character.
 */
const MAY_HIDE = new RegExp(`${HIDDEN.source}|\\\\[0abefvNxuU]`, "u");

/** True when a value read from `source` may hold a hidden character; false means none does. */
export function mayHoldHidden(source: string): boolean {
  return MAY_HIDE.test(source);
}

/**
 * A problem for every string of the spec, keys included, that holds a hidden character. When
 * `source` (the text `raw` was read from) cannot hold one, one scan of it replaces the walk.
 */
export function hiddenTextProblems(raw: unknown, source?: string): Problem[] {
  const problems: Problem[] = [];
  if (source === undefined || mayHoldHidden(source))
    findHidden(raw, [], problems);
  // Named once the walk is done: the names come from the spec read whole.
  return problems.map((p) => ({
    ...p,
    message: `${escaped(describePath(raw, p.key ? p.path.slice(0, -1) : p.path))}${p.key ? ": a key" : ""} ${p.message}`,
  }));
}

/**
 * Visits every string under `value`, in document order. `path` is the value's path, pushed and
 * popped as the walk goes: copied only for a problem. Recursive: the parser refuses a spec
 * nested deeper than MAX_DEPTH (64) levels, so the walk cannot run out of stack.
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
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      path.push(key);
      reportHidden(key, path, true, problems);
      findHidden(record[key], path, problems);
      path.pop();
    }
  }
}

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
export const checkHiddenText: Check = ({ raw, tools, source }) =>
  hiddenTextProblems(raw, source).filter((p) => inSoundPart(p, tools));

/** False for a problem inside a tool whose structure is broken: the checks set such a tool aside. */
export function inSoundPart(p: Problem, tools: readonly unknown[]): boolean {
  return !(
    p.path[0] === "tools" &&
    typeof p.path[1] === "number" &&
    tools[p.path[1]] === undefined
  );
}
