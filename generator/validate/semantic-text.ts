import { HIDDEN } from "./hidden.js";
import type { Problem } from "./problem.js";

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
  return problems;
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
    message: `text contains the invisible character U+${code}, which hides text from reviewers but not from the model`,
  });
}

/** Keys of a tool, a tool's cli block and a section whose texts end up in the prompt docs. */
const TOOL_DOC_KEYS = ["short", "when_to_use"];
const CLI_DOC_KEYS = ["usage", "summary"];
const SECTION_DOC_KEYS = ["heading", "label", "footer", "cli"];

/**
 * A problem for every old name of a tool (`oldNames`: old name → current name) used as a whole
 * word in a text of the prompt docs: a whole run of [A-Za-z0-9_-], so only a name made of those
 * characters can be one. One RegExp of all the names finds them in one native scan of each text.
 */
export function oldNamesInDocs(
  raw: unknown,
  oldNames: ReadonlyMap<string, string>,
): Problem[] {
  const problems: Problem[] = [];
  const words = [...oldNames.keys()].filter((name) =>
    /^[A-Za-z0-9_-]+$/.test(name),
  );
  if (words.length === 0) return problems;
  // Not preceded or followed by a word character: the match is a whole run.
  const wholeWord = new RegExp(
    `(?<![A-Za-z0-9_-])(?:${words.join("|")})(?![A-Za-z0-9_-])`,
    "g",
  );
  eachDocText(raw, (text, path) => {
    const found = text.match(wholeWord);
    if (found === null) return;
    for (const old of new Set(found)) {
      problems.push({
        path: [...path],
        message: `'${old}' is an old name of '${oldNames.get(old)}' and must not appear in the prompt docs`,
      });
    }
  });
  return problems;
}

/**
 * Calls `visit` on each text that ends up in the prompt docs a model reads: every string value
 * (not key) under a tool's short, when_to_use, cli.usage and cli.summary, a section's heading,
 * label, footer and cli, and targets.docs.preamble. `path` is shared: copy it to keep it.
 */
function eachDocText(
  raw: unknown,
  visit: (text: string, path: readonly Step[]) => void,
): void {
  const path: Step[] = [];
  const texts = (value: unknown) => eachString(value, path, visit);
  const under = (
    container: unknown,
    key: string,
    then: (value: unknown) => void,
  ) => {
    if (!isRecord(container) || !Object.hasOwn(container, key)) return;
    path.push(key);
    then(container[key]);
    path.pop();
  };
  const each = (container: unknown, then: (value: unknown) => void) => {
    const record = isRecord(container) ? container : undefined;
    const steps: Step[] = Array.isArray(container)
      ? container.map((_, i) => i)
      : record
        ? Object.keys(record)
        : [];
    for (const step of steps) {
      path.push(step);
      then((container as Record<Step, unknown>)[step]);
      path.pop();
    }
  };
  under(raw, "tools", (tools) =>
    each(tools, (tool) => {
      for (const key of TOOL_DOC_KEYS) under(tool, key, texts);
      under(tool, "cli", (cli) => {
        for (const key of CLI_DOC_KEYS) under(cli, key, texts);
      });
    }),
  );
  under(raw, "sections", (sections) =>
    each(sections, (section) => {
      for (const key of SECTION_DOC_KEYS) under(section, key, texts);
    }),
  );
  under(raw, "targets", (targets) =>
    under(targets, "docs", (docs) => under(docs, "preamble", texts)),
  );
}

/** Calls `visit` on every string value at or under `value` (recursive, depth bounded as in findHidden). */
function eachString(
  value: unknown,
  path: Step[],
  visit: (text: string, path: readonly Step[]) => void,
): void {
  if (typeof value === "string") {
    visit(value, path);
  } else if (value !== null && typeof value === "object") {
    const record = value as Record<Step, unknown>;
    const steps: Step[] = Array.isArray(value)
      ? value.map((_, i) => i)
      : Object.keys(record);
    for (const step of steps) {
      path.push(step);
      eachString(record[step], path, visit);
      path.pop();
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
