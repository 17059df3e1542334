import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fastLocate } from "../../generator/breaking/locate.js";
import { parseSpec, type JsonPath } from "../../generator/read/parse.js";
import { repoRoot } from "../helpers/project.js";
import { variant } from "./helpers.js";

const PING = "  - name: ping\n";

/** Every path under each item of `tools` and `acknowledged_breaks`, and the lists' own keys. */
function paths(value: unknown): JsonPath[] {
  const out: JsonPath[] = [["tools"], ["acknowledged_breaks"]];
  const walk = (v: unknown, at: JsonPath) => {
    out.push(at);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i]));
    else if (v !== null && typeof v === "object")
      for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
  };
  const record = value as Record<string, unknown>;
  for (const top of ["tools", "acknowledged_breaks"])
    if (Array.isArray(record[top]))
      record[top].forEach((x, i) => walk(x, [top, i]));
  return out;
}

const SPECS: [string, string][] = [
  ["the minimal fixture", variant([])],
  [
    "the repository's tools.yaml",
    fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8"),
  ],
  [
    "comments and blank lines between tools",
    variant([[PING, "\n  # the last one\n\n" + PING]]),
  ],
  ["CRLF line ends", variant([]).replaceAll("\n", "\r\n")],
  [
    "a list at the key's own indent",
    variant([]).replace(
      /^tools:\n([\s\S]*)$/m,
      (_, rest: string) => `tools:\n${rest.replace(/^  /gm, "")}`,
    ),
  ],
  [
    "a block scalar holding list-like lines",
    variant([
      [
        "when_to_use: When in doubt.",
        "when_to_use: |\n      When in doubt:\n      - ping\n\n      # not a comment",
      ],
    ]),
  ],
  [
    "a flow list of tools",
    `${variant([]).slice(0, variant([]).indexOf("tools:"))}tools: [{ name: ping, section: misc, short: Ping., when_to_use: Now., input: { type: object }, local: true }]\n`,
  ],
  [
    "acknowledged breaks",
    `${variant([])}acknowledged_breaks:\n  - { tool: a, change: tool-removed, reason: r }\n  # done\n  - tool: b\n    change: input-removed\n    reason: s\n`,
  ],
];

describe("fastLocate: each tool placed from its own lines, as the whole spec places it", () => {
  it.each(SPECS)("%s", (_, text) => {
    const read = parseSpec("tools.yaml", text);
    if (!read.ok) throw new Error(read.diagnostics[0]!.message);
    const fast = fastLocate(read.spec);
    for (const p of paths(read.spec.value))
      for (const key of [false, true])
        expect(fast(p, { key }), `${p.join(".")} key ${key}`).toEqual(
          read.spec.locate(p, { key }),
        );
  });
});

describe("fastLocate's fast path", () => {
  it("places every tool of a block list without the whole spec's tree, and a flow list with it", () => {
    const count = (text: string) => {
      const read = parseSpec("tools.yaml", text);
      if (!read.ok) throw new Error(read.diagnostics[0]!.message);
      let calls = 0;
      const spec = {
        ...read.spec,
        locate: (...args: Parameters<typeof read.spec.locate>) => {
          calls++;
          return read.spec.locate(...args);
        },
      };
      const fast = fastLocate(spec);
      for (const p of paths(read.spec.value))
        if (p[0] === "tools") fast(p, { key: true });
      return calls;
    };
    expect(count(SPECS[0]![1])).toBe(0);
    expect(count(SPECS[6]![1])).toBeGreaterThan(0);
  });
});
