import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { specInput } from "../generator/index.js";
import { fixtures, repoRoot } from "./helpers/project.js";
import { layoutProblems } from "./helpers/layout.js";
import { generateFromDisk } from "./helpers/generate.js";

/** Every valid spec we keep: the reference and each fixture under tests/fixtures/valid/. */
const specs: [name: string, specPath: string][] = [
  ["tools.yaml", path.join(repoRoot, "tools.yaml")],
  ...fs
    .readdirSync(path.join(fixtures, "valid"))
    .map((name): [string, string] => [
      name,
      path.join(fixtures, "valid", name, "tools.yaml"),
    ]),
];

function generateFrom(specPath: string) {
  return generateFromDisk(
    specInput(
      specPath,
      fs.readFileSync(specPath, "utf8"),
      path.dirname(specPath),
    ),
  ).files;
}

describe("generated files keep toolgen's fixed layout, and parse", () => {
  it.each(specs)("%s", (_name, specPath) => {
    const files = generateFrom(specPath);
    expect(files.flatMap(layoutProblems)).toEqual([]);
    // Every kind is checked: code, JSON, Markdown (the docs and Python targets'), the Python
    // package's files (which tests/python parses and type-checks) and the manifest (.toolgen, no extension).
    const kinds = new Set(files.map((f) => path.extname(f.path)));
    const { targets } = parse(fs.readFileSync(specPath, "utf8")) as {
      targets: Record<string, unknown>;
    };
    const python = "python" in targets ? [".md", ".py", ".toml", ".typed"] : [];
    expect([...kinds].sort()).toEqual(
      [
        ...new Set([
          "",
          ".js",
          ".json",
          ".ts",
          ...("docs" in targets ? [".md"] : []),
          ...python,
        ]),
      ].sort(),
    );
  });

  it.each(specs)("%s: generated twice, the same bytes", (_name, specPath) => {
    const first = generateFrom(specPath);
    const second = generateFrom(specPath);
    expect(second.map((f) => f.path)).toEqual(first.map((f) => f.path));
    second.forEach((f, i) => expect(f.content, f.path).toBe(first[i]!.content));
  });
});

describe("the layout check", () => {
  it("finds what breaks the layout", () => {
    expect(
      layoutProblems({ path: "a.js", content: "export const a = ;\n" }),
    ).toHaveLength(1);
    expect(
      layoutProblems({ path: "a.d.ts", content: "export type A = ;\n" }),
    ).toHaveLength(1);
    expect(layoutProblems({ path: "a.json", content: "{,}\n" })).toHaveLength(
      1,
    );
    // JSON that parses but is laid out otherwise: compact, 4 spaces, no final newline.
    for (const content of [
      '{"a":[1]}\n',
      '{\n    "a": 1\n}\n',
      '{\n  "a": 1\n}',
    ])
      expect(
        layoutProblems({ path: "a.json", content }).filter((p) =>
          p.includes("JSON.stringify"),
        ),
        content,
      ).toHaveLength(1);
    expect(
      layoutProblems({
        path: "a.json",
        content: '{\n  "a": [\n    1\n  ]\n}\n',
      }),
    ).toEqual([]);
    expect(layoutProblems({ path: "a.md", content: "a \nb\r" })).toEqual([
      "a.md: holds a CR",
      "a.md: no final newline",
      "a.md:1: white space at the end of the line",
    ]);
    expect(
      layoutProblems({ path: "a.js", content: "export const a = 1;\n" }),
    ).toEqual([]);
  });
});

/** Folders of toolgen's own sources, and what under them is not hand-written source. */
const SOURCE_ROOTS = [
  "generator",
  "runtime",
  "reference",
  "scripts",
  "bench",
  "tests",
];
const NOT_SOURCE = new Set([
  "node_modules",
  "dist",
  "out",
  "__snapshots__",
  "fixtures",
]);
const LONGEST = 400;

/** Every hand-written source file (.ts, .mts, .mjs, .js, .py) under `dir`, repository-relative. */
function handWritten(dir: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? NOT_SOURCE.has(e.name)
          ? []
          : handWritten(`${dir}/${e.name}`)
        : /\.(ts|mts|mjs|js|py)$/.test(e.name)
          ? [`${dir}/${e.name}`]
          : [],
    );
}

/** Lines of a text, the last one counted whether or not a newline ends it. */
const lineCount = (text: string) =>
  text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

describe("toolgen's own sources", () => {
  it(`no hand-written source file is over ${LONGEST} lines`, () => {
    const files = SOURCE_ROOTS.flatMap(handWritten);
    // The walk finds sources in each folder (a walk that finds nothing would pass anything).
    for (const root of SOURCE_ROOTS)
      expect(
        files.some((f) => f.startsWith(`${root}/`)),
        root,
      ).toBe(true);
    const long = files.flatMap((f) => {
      const lines = lineCount(fs.readFileSync(path.join(repoRoot, f), "utf8"));
      return lines > LONGEST ? [`${f}: ${lines} lines`] : [];
    });
    expect(long, "split each by what it holds").toEqual([]);
  });
});
