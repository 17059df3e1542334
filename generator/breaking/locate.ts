import {
  parseSpec,
  type JsonPath,
  type ParsedSpec,
  type Place,
} from "../read/parse.js";
import type { LocateOptions } from "../read/yaml.js";
import { isRecord } from "../../runtime/shared/record.js";
import { jsonEqual } from "./json.js";

export type Locate = (path: JsonPath, options?: LocateOptions) => Place;

/**
 * The fast path of placing a change: `spec.locate` builds the yaml library's positioned tree of
 * the whole spec on its first call (about 2 s at 1,000 tools, twice what diff takes otherwise).
 * An item of a top-level block list (`tools`, `acknowledged_breaks`) is placed instead by reading
 * its own lines alone with the same reader and moving the place down by the lines before it. The
 * item's lines are found by their indentation and kept only when they read back to exactly the
 * item's value; anything else (a flow list, an alias, a path outside the lists) is placed by
 * `spec.locate`, the plain version. tests/breaking/locate.test.ts holds the two together.
 */
export function fastLocate(spec: ParsedSpec): Locate {
  const lines = spec.source.split("\n");
  const lists = new Map<string, ListItems | null>();
  const items = new Map<string, Locate | null>();
  return (path, options) => {
    const [top, index] = path;
    if (typeof top !== "string" || !isRecord(spec.value))
      return spec.locate(path, options);
    let list = lists.get(top);
    if (list === undefined) lists.set(top, (list = listItems(lines, top)));
    if (list === null) return spec.locate(path, options);
    const item = (i: number): Locate | null => {
      const key = `${top}\0${i}`;
      let found = items.get(key);
      if (found === undefined) {
        const value = (spec.value as Record<string, unknown>)[top];
        const expected = Array.isArray(value) ? value[i] : undefined;
        found = itemLocate(spec.file, lines, list, i, expected);
        items.set(key, found);
      }
      return found;
    };
    // The key's line is the list's when its first item reads back right below it.
    if (path.length === 1 && options?.key && item(0) !== null)
      return { line: list.keyLine + 1, col: 1, length: top.length };
    if (typeof index !== "number" || index >= list.starts.length - 1)
      return spec.locate(path, options);
    const placed = item(index);
    return placed === null
      ? spec.locate(path, options)
      : placed(path.slice(2), options);
  };
}

/** Where a top-level block list's key is, and the first line of each item (then the end of the list), 0-based. */
interface ListItems {
  readonly keyLine: number;
  readonly starts: readonly number[];
}

const skipped = (line: string) => /^\s*(#.*)?\r?$/.test(line);

/** The lines of the block list under the top-level key `top`, or null when it is not written as one. */
function listItems(lines: readonly string[], top: string): ListItems | null {
  const keyLine = lines.findIndex((l) => l.startsWith(`${top}:`));
  if (keyLine < 0 || !skipped(lines[keyLine]!.slice(top.length + 1)))
    return null;
  let indent: string | undefined;
  const starts: number[] = [];
  let n = keyLine + 1;
  for (; n < lines.length; n++) {
    const line = lines[n]!;
    if (skipped(line)) continue;
    if (indent === undefined) {
      const m = /^( *)-( |\r?$)/.exec(line);
      if (m === null) return null;
      indent = m[1]!;
    }
    const lead = /^ */.exec(line)![0].length;
    if (lead < indent.length) break;
    if (lead === indent.length) {
      if (!/^-( |\r?$)/.test(line.slice(lead))) break;
      starts.push(n);
    }
  }
  // The end: after the last line that is not blank or a comment.
  let end = n;
  while (end > keyLine + 1 && skipped(lines[end - 1]!)) end--;
  starts.push(end);
  return starts.length > 1 ? { keyLine, starts } : null;
}

/** Places inside item `index`, read from its own lines; null when they do not read back to `expected`. */
function itemLocate(
  file: string,
  lines: readonly string[],
  list: ListItems,
  index: number,
  expected: unknown,
): Locate | null {
  const first = list.starts[index]!;
  const text = lines.slice(first, list.starts[index + 1]).join("\n");
  const read = parseSpec(file, text);
  if (!read.ok || !Array.isArray(read.spec.value)) return null;
  if (read.spec.value.length !== 1 || !jsonEqual(read.spec.value[0], expected))
    return null;
  return (rest, options) => {
    const place = read.spec.locate([0, ...rest], options);
    return { ...place, line: place.line + first };
  };
}
