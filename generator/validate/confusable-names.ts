import type { JsonPath } from "../read/parse.js";
import { quoted } from "../diagnostics/quoted.js";
import type { Check } from "./checked-spec.js";
import { CONFUSABLE_PAIRS } from "./confusables-table.js";
import type { Problem } from "./problem.js";
import { about } from "./subject.js";
import { isRecord } from "../../runtime/shared/record.js";
import { DATA_KEYS } from "../model/schema-keys.js";

/**
 * Names that look alike but are not one name: a model, or a reviewer, reading `content` and
 * Cyrillic `сontent` sees one input where the code sees two. Two rules of Unicode's UTS #39,
 * each a warning:
 * - confusable names: two names of one kind (the properties of one schema, the tools, the
 *   sections) with one skeleton (each character mapped to its prototype by confusables.txt),
 *   at least one of them not plain ASCII (`0`/`O` or `rn`/`m` in ASCII are the author's own);
 * - a mixed-script name: letters of more than one script in one name (Latin and Cyrillic), but
 *   for Latin with the Chinese, Japanese and Korean scripts, which are written together.
 */

let prototypes: Map<number, string> | undefined;

/** UTS #39's skeleton, as far as the table reaches, after compatibility decomposition (NFKD: fullwidth ｎ is n): characters confusable with ASCII letters and digits become them. */
export function skeleton(name: string): string {
  prototypes ??= new Map(
    CONFUSABLE_PAIRS.flatMap((line) => line.split(" ")).map((pair) => {
      const [hex, to] = pair.split(":") as [string, string];
      return [parseInt(hex, 16), to];
    }),
  );
  let out = "";
  for (const c of name.normalize("NFKD"))
    out += prototypes.get(c.codePointAt(0)!) ?? c;
  return out.normalize("NFKD");
}

/** Scripts told apart by name; a letter of any other is of "another script". */
const SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Hebrew",
  "Arabic",
  "Georgian",
  "Cherokee",
  "Devanagari",
  "Thai",
  "Han",
  "Hiragana",
  "Katakana",
  "Hangul",
  "Bopomofo",
].map((name) => ({ name, test: new RegExp(`\\p{Script=${name}}`, "u") }));

/** Scripts written together in one word: Japanese, Chinese and Korean with Latin. */
const TOGETHER = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];

/** The scripts of a name's letters, each with its first letter (Common and Inherited ones aside). */
export function scriptsOf(name: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const c of name) {
    if (!/\p{L}/u.test(c)) continue;
    const script =
      SCRIPTS.find((s) => s.test.test(c))?.name ?? "another script";
    if (!found.has(script)) found.set(script, c);
  }
  return found;
}

function mixed(scripts: Map<string, string>): boolean {
  const names = [...scripts.keys()];
  return (
    names.length > 1 &&
    !TOGETHER.some((set) => names.every((n) => set.includes(n)))
  );
}

/** `U+0441 'с'` for each character of `name` that is not ASCII. */
function codePoints(name: string): string {
  return [...name]
    .filter((c) => c.codePointAt(0)! > 0x7f)
    .map((c) => `${hex(c)} ${quoted(c)}`)
    .join(", ");
}

const hex = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** A named thing: what it is (`input`, `tool`), its name, and where its name is written. */
interface Named {
  readonly what: string;
  readonly name: string;
  readonly path: JsonPath;
  /** Point at the key (a property's name) rather than the value. */
  readonly key: boolean;
}

/** Warnings for one group of names that must look apart. */
function groupProblems(raw: unknown, group: readonly Named[]): Problem[] {
  const problems: Problem[] = [];
  if (group.every((n) => ASCII.test(n.name))) return problems;
  const bySkeleton = new Map<string, Named>();
  for (const n of group) {
    const scripts = scriptsOf(n.name);
    if (mixed(scripts))
      problems.push({
        path: n.path,
        key: n.key,
        severity: "warning",
        code: "mixed-script-name",
        message: `${about(raw, n.path)}the name mixes ${[...scripts.keys()].join(" and ")} letters (${[
          ...scripts,
        ]
          .map(([script, c]) => `${hex(c)} ${quoted(c)} is ${script}`)
          .join(", ")}): a reader cannot tell it from a name in one script`,
      });
    const shape = skeleton(n.name);
    const first = bySkeleton.get(shape);
    if (first === undefined) bySkeleton.set(shape, n);
    else if (first.name !== n.name && /[^\x00-\x7f]/.test(first.name + n.name))
      problems.push({
        path: n.path,
        key: n.key,
        severity: "warning",
        code: "confusable-names",
        message: `${about(raw, n.path)}${quoted(n.name)} looks like ${first.what} ${quoted(first.name)} but is another name (${[
          first.name,
          n.name,
        ]
          .filter((s) => /[^\x00-\x7f]/.test(s))
          .map((s) => `${quoted(s)} holds ${codePoints(s)}`)
          .join("; ")}): rename one`,
      });
  }
  return problems;
}

/** A path written as links to its parent: made into an array only for a name that is warned about. */
interface Link {
  readonly parent: Link | null;
  readonly key: string | number;
}

function pathOf(link: Link | null, base: JsonPath): JsonPath {
  const keys: (string | number)[] = [];
  for (let l = link; l !== null; l = l.parent) keys.push(l.key);
  return [...base, ...keys.reverse()];
}

/** Each `properties` map of a schema (not inside data), with where it is below the schema; no recursion. */
function propertyMaps(
  schema: unknown,
): { map: Record<string, unknown>; at: Link }[] {
  const found: { map: Record<string, unknown>; at: Link }[] = [];
  const stack: { node: unknown; at: Link | null }[] = [
    { node: schema, at: null },
  ];
  while (stack.length > 0) {
    const { node, at } = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      node.forEach((v, i) =>
        stack.push({ node: v, at: { parent: at, key: i } }),
      );
      continue;
    }
    const record = node as Record<string, unknown>;
    const { properties } = record;
    if (isRecord(properties)) {
      // A map of names, not a schema: its values are the schemas.
      const map: Link = { parent: at, key: "properties" };
      found.push({ map: properties, at: map });
      for (const [k, v] of Object.entries(properties))
        stack.push({ node: v, at: { parent: map, key: k } });
    }
    for (const [k, v] of Object.entries(record))
      if (!DATA_KEYS.has(k) && !(k === "properties" && isRecord(v)))
        stack.push({ node: v, at: { parent: at, key: k } });
  }
  return found.reverse();
}

/** Plain ASCII: a group of such names has nothing to warn about (both rules need a letter beyond it). */
const ASCII = /^[\x00-\x7f]*$/;

/** Look-alike names: the properties of each schema, the tools, the sections. */
export const checkConfusableNames: Check = ({
  raw,
  sections,
  tools,
  names,
}) => {
  const groups: Named[][] = [
    sections.flatMap((s, i) =>
      s === undefined
        ? []
        : [
            {
              what: "section",
              name: s.id,
              path: ["sections", i, "id"],
              key: false,
            },
          ],
    ),
    names.flatMap((name, i) =>
      name === undefined
        ? []
        : [{ what: "tool", name, path: ["tools", i, "name"], key: false }],
    ),
  ];
  tools.forEach((tool, i) => {
    if (tool === undefined) return;
    for (const [part, what] of [
      ["input", "input"],
      ["output", "result field"],
    ] as const)
      for (const { map, at } of propertyMaps(tool[part])) {
        const keys = Object.keys(map);
        if (keys.every((name) => ASCII.test(name))) continue;
        const path = pathOf(at, ["tools", i, part]);
        groups.push(
          keys.map((name) => ({
            what,
            name,
            path: [...path, name],
            key: true,
          })),
        );
      }
  });
  return groups.flatMap((group) => groupProblems(raw, group));
};
