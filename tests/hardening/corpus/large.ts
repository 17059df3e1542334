import { parse } from "yaml";
// @ts-expect-error: the bench is plain JavaScript, without declarations
import { syntheticSpec } from "../../../bench/spec.mjs";
import { base } from "./base.js";

// Specs of every shape near the 16 MiB cap (issue #34): each must be generated or refused
// within 400 MB, never an abort. Made at test time, about 15 MiB each, never kept as files.

const SIZE = 15 * 1024 * 1024;
const PING = "input: { type: object, properties: {} }";

/** Lines made by `line(i)` until they fill `SIZE` bytes. */
function fill(line: (i: number) => string): string[] {
  const lines: string[] = [];
  for (let i = 0, n = 0; n < SIZE; i++) {
    const l = line(i);
    lines.push(l);
    n += l.length + 1;
  }
  return lines;
}

/** The base spec's local tool with this input schema (its lines under `input:`). */
const ping = (input: string): string => base.replace(PING, () => `input:\n${input}`);

/** An input with one property `a` referring to `$defs` d0, and these `$defs` lines. */
const defs = (lines: string[]): string =>
  ping(`      type: object\n      properties:\n        a: { $ref: '#/$defs/d0' }\n      $defs:\n${lines.join("\n")}`);

/** A property `a` with these lines below it. */
const property = (lines: string): string =>
  ping(`      type: object\n      properties:\n        a:\n          type: string\n${lines}`);

/** The benchmark's synthetic spec of `count` tools (about 1,490 bytes a tool in YAML, 1,850 in JSON). */
const synthetic = (count: number): string => syntheticSpec(count) as string;

/**
 * Local tools, one after another until they fill `SIZE` bytes, each input a schema of 999 refs
 * into its own `$defs`, told apart by its description; `extra` (a `not`) makes gen compile each.
 */
const manyRefSchemas = (extra: string): string => {
  const props = Array.from({ length: 999 }, (_, i) => `        p${i}: { $ref: "#/$defs/d${i}" }`).join("\n");
  const defs = Array.from({ length: 999 }, (_, i) => `        d${i}: { type: string }`).join("\n");
  const tools: string[] = [];
  for (let n = 0, size = 0; size < SIZE; n++) {
    const tool = `  - name: refs_${n}\n    section: misc\n    local: true\n    short: Refs.\n    when_to_use: Never.\n    input:\n      type: object\n      description: schema ${n}\n${extra}      properties:\n${props}\n      $defs:\n${defs}\n`;
    tools.push(tool);
    size += tool.length;
  }
  return base.replace("tools:\n", () => `tools:\n${tools.join("")}`);
};

export interface LargeShape {
  readonly name: string;
  readonly spec: () => string;
}

export const largeShapes: LargeShape[] = [
  {
    name: "a $ref chain through allOf, quoted refs",
    spec: () => {
      const lines = fill((i) => `        d${i}: { allOf: [{ $ref: '#/$defs/d${i + 1}' }] }`);
      return defs([...lines, `        d${lines.length}: { type: string }`]);
    },
  },
  { name: "plain $defs", spec: () => defs(fill((i) => `        d${i}: { type: string }`)) },
  {
    name: "$defs written with anchors and aliases",
    spec: () => defs(fill((i) => (i === 0 ? "        d0: &s { type: string }" : `        d${i}: *s`))),
  },
  {
    name: "10,000 distinct refs",
    spec: () =>
      ping(
        `      type: object\n      properties:\n${Array.from({ length: 10_000 }, (_, i) => `        p${i}: { $ref: '#/$defs/d${i}' }`).join("\n")}\n      $defs:\n${Array.from({ length: 10_000 }, (_, i) => `        d${i}: { type: string }`).join("\n")}`,
      ),
  },
  { name: "a wide enum", spec: () => property(`          enum:\n${fill((i) => `            - v${i}`).join("\n")}`) },
  {
    // Prose that would make the fast reader decline plain text (a tag's `!`, a tab, `'x'#`).
    name: "a long block scalar of prose",
    spec: () =>
      property(`          description: |\n${fill((i) => `            > [!NOTE] Line ${i}\tof a 'long'#description, it's done!`).join("\n")}`),
  },
  { name: "a long quoted description", spec: () => property(`          description: "${"word ".repeat(SIZE / 5)}"`) },
  { name: "a long pattern", spec: () => property(`          pattern: "^${"ab".repeat(SIZE / 4)}$"`) },
  { name: "10,000 tools", spec: () => synthetic(10_000) },
  { name: "schemas of 999 refs each into $defs, 225 of them", spec: () => manyRefSchemas("") },
  {
    name: "schemas of 999 refs each, compiled, 220 of them",
    spec: () => manyRefSchemas("      not: { required: [p0] }\n"),
  },
  {
    name: "8,000 tools in JSON",
    spec: () => JSON.stringify(parse(synthetic(8_000)), null, 2),
  },
];
