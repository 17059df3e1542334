import { UNPRINTABLE } from "./hidden.js";

/**
 * How a message shows text taken from the spec (a key, an input's name, a section, a field of
 * a binding): so that no such text can break a report's line, forge one (`::error …` on a line
 * of its own) or drive the terminal (ESC, the C1 controls), whatever the report's format.
 */

/** A character that may not appear in a message as it is: every control, line end and hidden character. */
const UNSHOWN = new RegExp(`${UNPRINTABLE.source}|[\\t\\n\\r]`, "u");

/** What makes a quoted name ambiguous besides: its own quote, and a backslash that reads as an escape. */
const AMBIGUOUS = /['\\]/;

const ESCAPE_ALL = new RegExp(UNPRINTABLE.source, "gu");

/**
 * A name from the spec in a message: `'name'`, or, when it holds a character a message may not
 * show, a quote or a backslash, a JSON string with every such character escaped
 * (`"x\n::error"`, `"\u001b]0;owned"`).
 */
export function quoted(name: string | number | undefined): string {
  const text = String(name);
  if (!UNSHOWN.test(text) && !AMBIGUOUS.test(text)) return `'${text}'`;
  return json(text);
}

/** A name in a list of names (`known: a, b`): bare, unless it needs quoting as quoted() does it. */
export function listed(name: string): string {
  return UNSHOWN.test(name) || AMBIGUOUS.test(name) || /[ ,()]/.test(name)
    ? json(name)
    : name;
}

/** A value as JSON, with every control, line end and hidden character escaped (JSON escapes only C0). */
export function json(value: unknown): string {
  return (JSON.stringify(value) ?? String(value)).replace(ESCAPE_ALL, (c) => {
    let out = "";
    // Each UTF-16 unit: a character beyond U+FFFF is written as its surrogate pair, as JSON does.
    for (let i = 0; i < c.length; i++)
      out += `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return out;
  });
}
