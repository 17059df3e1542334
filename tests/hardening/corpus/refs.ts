import { vary, type CorpusCase } from "./base.js";

// Hostile shapes of $refs in one input schema (issue #34): each is generated or refused, never
// an abort, and in time linear in its size. The specs are made here, not kept as files (the
// longest chain is 4 MB).

/** The local tool's input with `$defs` of `count` entries, each made by `def`, and one property `a` using the first. */
function withDefs(count: number, def: (i: number) => string, last?: string): string {
  const lines = Array.from({ length: count }, (_, i) => `        d${i}: ${def(i)}`);
  if (last !== undefined) lines.push(`        d${count}: ${last}`);
  return vary([
    "input: { type: object, properties: {} }",
    `input:\n      type: object\n      properties:\n        a: { $ref: '#/$defs/d0' }\n      $defs:\n${lines.join("\n")}`,
  ]);
}

/** d0 → d1 → … → d<links>, a string. */
export const chain = (links: number): string =>
  withDefs(links, (i) => `{ $ref: '#/$defs/d${i + 1}' }`, "{ type: string }");

/** `count` properties, each referring to a `$defs` entry of its own. */
const distinct = (count: number): string =>
  vary([
    "input: { type: object, properties: {} }",
    `input:\n      type: object\n      properties:\n${Array.from({ length: count }, (_, i) => `        p${i}: { $ref: '#/$defs/d${i}' }`).join("\n")}\n      $defs:\n${Array.from({ length: count }, (_, i) => `        d${i}: { type: string }`).join("\n")}`,
  ]);

export const refCases: CorpusCase[] = [
  // The limit: the schema's own two levels (properties, a) and 62 refs; one ref more is refused.
  { name: "ref-chain-61", spec: chain(61), exit: 0 },
  { name: "ref-chain-62", spec: chain(62), exit: 2, says: "nests deeper than 64 levels, counted through its $refs" },
  ...[2_000, 10_000, 100_000].map(
    (links): CorpusCase => ({
      name: `ref-chain-${links}`,
      spec: chain(links),
      exit: 2,
      says: "tools.yaml:64:20: tool 'ping', input 'a': the input schema nests deeper than 64 levels, counted through its $refs",
    }),
  ),
  {
    // 50,000, not 100,000: the yaml library's positioned document of a 5 MB spec of flow
    // mappings outgrows 400 MB before any check runs.
    name: "ref-chain-through-allof-50000",
    spec: withDefs(50_000, (i) => `{ allOf: [{ $ref: '#/$defs/d${i + 1}' }] }`, "{ type: string }"),
    exit: 2,
    says: "nests deeper than 64 levels, counted through its $refs",
  },
  {
    name: "ref-cycle-100000",
    spec: withDefs(100_000, (i) => `{ $ref: '#/$defs/d${(i + 1) % 100_000}' }`),
    exit: 2,
    says: "goes round in a circle (#/$defs/d1 → #/$defs/d2 → #/$defs/d3 → #/$defs/d4 → #/$defs/d5 → #/$defs/d6 → #/$defs/d7 → … 99993 more … → #/$defs/d1)",
  },
  {
    // Each level uses the next twice: 2^20 schemas once the refs are written out.
    name: "ref-bomb",
    spec: withDefs(20, (i) => `{ anyOf: [{ $ref: '#/$defs/d${i + 1}' }, { $ref: '#/$defs/d${i + 1}' }] }`, "{ type: string }"),
    exit: 2,
    says: "tools.yaml:64:20: tool 'ping', input 'a': the input schema's $refs expand to more than 100000 schema nodes",
  },
  {
    // The bomb (2^13 schemas) lies behind a recursion (a → b → a) that ten inputs enter by b:
    // each use of b writes a, and the bomb, out again. Counted once, it would pass.
    name: "ref-bomb-behind-recursion",
    spec: vary([
      "input: { type: object, properties: {} }",
      `input:\n      type: object\n      properties:\n        x: { $ref: '#/$defs/a' }\n${Array.from({ length: 10 }, (_, i) => `        y${i}: { $ref: '#/$defs/b' }`).join("\n")}\n      $defs:\n        a: { anyOf: [{ $ref: '#/$defs/b' }, { $ref: '#/$defs/d0' }] }\n        b: { anyOf: [{ $ref: '#/$defs/a' }] }\n${Array.from({ length: 13 }, (_, i) => `        d${i}: { anyOf: [{ $ref: '#/$defs/d${i + 1}' }, { $ref: '#/$defs/d${i + 1}' }] }`).join("\n")}\n        d13: { type: string }`,
    ]),
    exit: 2,
    says: "$refs expand to more than 100000 schema nodes",
  },
  // ajv's time grows faster than the places a schema's refs point at (10,000: 150 s).
  { name: "distinct-refs-1000", spec: distinct(1_000), exit: 0 },
  {
    name: "distinct-refs-10000",
    spec: distinct(10_000),
    exit: 2,
    says: "tools.yaml:1064:24: tool 'ping', input 'p1000': the input schema's $refs point at more than 1000 places (this one at the 1001st)",
  },
  {
    // A recursive schema (a tree) is no circle: its ref reaches a schema.
    name: "ref-recursive-tree",
    spec: withDefs(1, () => "{ type: object, properties: { children: { type: array, items: { $ref: '#/$defs/d0' } } } }"),
    exit: 0,
  },
];
