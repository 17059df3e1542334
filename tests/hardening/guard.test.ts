import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toolgen } from "../helpers/project.js";
import { base } from "./corpus/base.js";
import { tempDir } from "../helpers/temp.js";

/** A project with a package.json, the spec in spec/, and a neighbour folder outside it. */
function layout(): { root: string; project: string; spec: string } {
  const root = tempDir("toolgen-guard-");
  const project = path.join(root, "project");
  fs.mkdirSync(path.join(project, "spec"), { recursive: true });
  fs.writeFileSync(
    path.join(project, "package.json"),
    '{ "name": "p", "private": true }\n',
  );
  fs.writeFileSync(path.join(project, "spec", "tools.yaml"), base);
  fs.mkdirSync(path.join(root, "elsewhere"));
  return { root, project, spec: path.join(project, "spec", "tools.yaml") };
}

/** Each --out that must be refused, from the project folder, with words of the reason. */
const refused: [
  name: string,
  out: (l: ReturnType<typeof layout>) => string,
  reason: string,
][] = [
  [
    "the current folder, which holds the spec",
    () => ".",
    "holds the spec itself",
  ],
  ["the spec's own folder", () => "spec", "holds the spec itself"],
  ["the project above the spec", (l) => l.project, "holds the spec itself"],
  ["the root of the file system", () => "/", "root of the file system"],
  [
    "a folder outside the project",
    (l) => path.join(l.root, "elsewhere"),
    "outside the project",
  ],
  ["a path through ..", () => "gen/../generated", "reached through '..'"],
  [
    "a path leaving the project through ..",
    () => "../elsewhere",
    "reached through '..'",
  ],
  [
    "a link to the spec's folder",
    (l) => link(l, "spec-link", path.join(l.project, "spec")),
    "is a link to",
  ],
  [
    "a link to a folder outside the project",
    (l) => link(l, "out-link", path.join(l.root, "elsewhere")),
    "outside the project",
  ],
  [
    "a link to the root",
    (l) => link(l, "root-link", "/"),
    "root of the file system",
  ],
  [
    "a file",
    (l) => (
      fs.writeFileSync(path.join(l.project, "notes.txt"), "mine\n"),
      "notes.txt"
    ),
    "is a file",
  ],
];

/** Every file below `dir` with its bytes, links as their targets (never followed). */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      const rel = path.relative(dir, full);
      if (e.isSymbolicLink()) out[rel] = `-> ${fs.readlinkSync(full)}`;
      else if (e.isDirectory()) walk(full);
      else out[rel] = fs.readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return out;
}

function link(l: ReturnType<typeof layout>, name: string, to: string): string {
  fs.symlinkSync(to, path.join(l.project, name), "dir");
  return name;
}

describe("an unsafe output folder", () => {
  it.each(refused)(
    "%s is refused before anything is written",
    async (_name, out, reason) => {
      const l = layout();
      const arg = out(l);
      const before = tree(l.root);
      const result = await toolgen(
        l.project,
        "--spec",
        "spec/tools.yaml",
        "--out",
        arg,
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(reason);
      expect(result.stderr).toContain("Nothing was written.");
      expect(tree(l.root)).toEqual(before);
    },
  );

  it("a folder inside the project is accepted, and a second run finds it its own", async () => {
    const l = layout();
    expect(
      (
        await toolgen(
          l.project,
          "--spec",
          "spec/tools.yaml",
          "--out",
          "generated",
        )
      ).code,
    ).toBe(0);
    expect(fs.existsSync(path.join(l.project, "generated", ".toolgen"))).toBe(
      true,
    );
    expect(
      (
        await toolgen(
          l.project,
          "--spec",
          "spec/tools.yaml",
          "--out",
          "generated",
        )
      ).code,
    ).toBe(0);
  });

  it("a folder of someone else's files inside the project is refused, untouched", async () => {
    const l = layout();
    fs.mkdirSync(path.join(l.project, "src"));
    fs.writeFileSync(path.join(l.project, "src", "main.ts"), "export {};\n");
    const before = tree(l.root);
    const result = await toolgen(
      l.project,
      "--spec",
      "spec/tools.yaml",
      "--out",
      "src",
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("did not write");
    expect(tree(l.root)).toEqual(before);
  });
});
