// How deep the spec nests, estimated on the text before a recursive reader sees it (a few
// thousand brackets would overflow its stack), and measured exactly on the value it gives.

/** Deeper nesting than this is refused before anything recurses over it. */
export const MAX_DEPTH = 64;

/**
 * Finds the deepest flow nesting ([ and {) by a cheap scan. Comments (a # at a line's start or
 * after white space) are skipped, and so are quoted strings inside a flow collection (up to the
 * same quote, escapes unread). Outside one, quotes are not looked at and brackets in any scalar
 * count: an estimate that errs towards deeper.
 */
export function nestingDepth(text: string): { depth: number; offset: number } {
  let flow = 0;
  let maxDepth = 0;
  let offset = 0;
  let lineStart = 0;
  let quote: string | null = null;
  // From one character that matters to the next: most of a spec is text between them.
  const special = /[\n#"'[\]{}]/g;
  // test() moves lastIndex past the one character it matched, and makes no match object.
  while (special.test(text)) {
    const i = special.lastIndex - 1;
    const c = text[i]!;
    if (c === "\n") {
      lineStart = i + 1;
      continue;
    }
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "#" && (i === lineStart || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf("\n", i);
      special.lastIndex = end < 0 ? text.length : end;
      continue;
    }
    if ((c === '"' || c === "'") && flow > 0) quote = c;
    else if (c === "[" || c === "{") {
      flow++;
      if (flow > maxDepth) {
        maxDepth = flow;
        offset = i;
      }
    } else if (c === "]" || c === "}") flow = Math.max(0, flow - 1);
  }
  return { depth: maxDepth, offset };
}

/** A line (trimmed at its start) that opens a block scalar: its more indented lines that follow are text. */
const BLOCK_SCALAR_HEADER = /(?:^|[\s:])[|>][-+0-9]*\s*(?:#.*)?$/;

/**
 * Estimates block nesting from indentation (each deeper indent, and each `- ` opening a list on
 * the same line, is a level), skipping the text of block scalars. Cheap, and no recursion.
 * The offset is the first line estimated deeper than `limit`; the scan stops past `hardLimit`.
 */
export function blockDepth(
  text: string,
  limit: number,
  hardLimit: number,
): { depth: number; offset: number } {
  const indents: number[] = [];
  let max = 0;
  let offset = -1;
  let scalarIndent = -1;
  let start = 0;
  while (start <= text.length) {
    const lineStart = start;
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end < 0 ? text.length : end);
    start += line.length + 1;
    const body = line.trimStart();
    const indent = line.length - body.length;
    if (body === "" || body.startsWith("#")) continue;
    if (scalarIndent >= 0) {
      if (indent > scalarIndent) continue;
      scalarIndent = -1;
    }
    while (indents.length > 0 && indents[indents.length - 1]! >= indent)
      indents.pop();
    indents.push(indent);
    const dashes = body.startsWith("-")
      ? (/^(?:-[ \t]+)+/.exec(body)?.[0].replace(/[ \t]/g, "").length ?? 0)
      : 0;
    max = Math.max(max, indents.length + dashes);
    // Point at the first line past the real limit; stop once the estimate passes the hard one.
    if (max > limit && offset < 0) offset = lineStart + indent;
    if (max > hardLimit) break;
    // The header's | or > first: most lines have neither, and need no regex.
    if (
      (body.includes("|") || body.includes(">")) &&
      BLOCK_SCALAR_HEADER.test(body)
    )
      scalarIndent = indent;
  }
  return { depth: max, offset };
}

/**
 * The path to one of the deepest values, looking no deeper than one step past `limit`. A nesting
 * error points at it, so which one must not change: of equally deep values, the last in the text.
 */
export function deepestPath(root: unknown, limit: number): (string | number)[] {
  let deepest: (string | number)[] = [];
  const path: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (path.length > deepest.length) deepest = [...path];
    if (path.length > limit || value === null || typeof value !== "object")
      return;
    const keys = Array.isArray(value)
      ? value.map((_, i) => i)
      : Object.keys(value);
    // From the last: the first value found at a depth is the last in the text.
    for (let i = keys.length - 1; i >= 0; i--) {
      path.push(keys[i]!);
      visit((value as Record<string | number, unknown>)[keys[i]!]);
      path.pop();
    }
  };
  visit(root);
  return deepest;
}
