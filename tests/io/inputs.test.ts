import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEMPLATE_NAMES } from "../../generator/read/templates.js";
import { specInput } from "../../generator/index.js";
import {
  defaultTemplatesFolder,
  gatherInputs,
  runtimeDist,
} from "../../generator/io/inputs.js";
import {
  readFixture,
  repoRoot,
  removedAfterEach,
  tempProject,
} from "../helpers/project.js";

const minimal = readFixture("valid", "minimal", "tools.yaml");
const withTemplates = (folder: string) =>
  minimal.replace(
    '    package: "@acme/prompts"\n',
    `    package: "@acme/prompts"\n    templates: ${folder}\n`,
  );

const removed = removedAfterEach();
function project(text: string): string {
  const dir = tempProject(text);
  return removed(dir);
}

describe("the inputs the CLI gathers for generate()", () => {
  it("reads toolgen's own templates, and no user folder when the spec sets none", () => {
    const dir = project(minimal);
    const inputs = gatherInputs(specInput("tools.yaml", minimal, dir), {
      cwd: dir,
    });
    expect(inputs.templates.user).toBeNull();
    expect(inputs.templates.defaults.folder).toBe(defaultTemplatesFolder);
    for (const name of TEMPLATE_NAMES)
      expect(inputs.templates.defaults.texts.get(name)).toBe(
        fs.readFileSync(path.join(defaultTemplatesFolder, name), "utf8"),
      );
    // Every kind of the bundled runtime, whatever runtime/ holds: its module, its declarations
    // and the chunks kinds.json names, each read as built.
    const kinds = JSON.parse(
      fs.readFileSync(path.join(runtimeDist, "kinds.json"), "utf8"),
    ) as Record<string, string[]>;
    expect(Object.keys(kinds).length).toBeGreaterThan(0);
    // Besides them, the Python runtime: every .py file of runtime/python/toolgen_core, as written.
    expect(Object.keys(inputs.runtime).sort()).toEqual(
      [...Object.keys(kinds), "python"].sort(),
    );
    const pythonDir = path.join(repoRoot, "runtime/python/toolgen_core");
    const pythonFiles = fs
      .readdirSync(pythonDir)
      .filter((n) => n.endsWith(".py"))
      .sort();
    expect(pythonFiles).toContain("__init__.py");
    expect(inputs.runtime.python!.map((f) => f.path)).toEqual(pythonFiles);
    for (const f of inputs.runtime.python!)
      expect(f.content).toBe(
        fs.readFileSync(path.join(pythonDir, f.path), "utf8"),
      );
    for (const [kind, chunks] of Object.entries(kinds)) {
      const files = inputs.runtime[kind]!;
      expect(files.map((f) => f.path)).toEqual([
        `${kind}.d.ts`,
        `${kind}.js`,
        ...chunks,
      ]);
      for (const f of files)
        expect(f.content).toBe(
          fs.readFileSync(path.join(runtimeDist, f.path), "utf8"),
        );
    }
  });

  it("reads the spec's templates folder relative to the spec, listing every file and reading only templates", () => {
    const text = withTemplates("prompts");
    const dir = project(text);
    fs.mkdirSync(path.join(dir, "prompts"));
    fs.writeFileSync(path.join(dir, "prompts", "prompt.md.hbs"), "mine\n");
    fs.writeFileSync(path.join(dir, "prompts", "notes.txt"), "not read\n");
    const inputs = gatherInputs(specInput("tools.yaml", text, dir), {
      cwd: dir,
    });
    const user = inputs.templates.user!;
    expect(user.folder).toBe(path.join(dir, "prompts"));
    expect([...user.names!].sort()).toEqual(["notes.txt", "prompt.md.hbs"]);
    expect([...user.texts]).toEqual([["prompt.md.hbs", "mine\n"]]);
  });

  it("lets --templates override the spec's folder, and says when a folder cannot be read", () => {
    const text = withTemplates("prompts");
    const dir = project(text);
    const other = path.join(dir, "missing");
    const inputs = gatherInputs(specInput("tools.yaml", text, dir), {
      cwd: dir,
      templates: other,
    });
    expect(inputs.templates.user).toEqual({
      folder: other,
      names: null,
      texts: new Map(),
      partials: [],
    });
  });

  it("reads the partials/ folder's .hbs files at any depth (links followed), named by their path there, in sorted order", () => {
    const text = withTemplates("prompts");
    const dir = project(text);
    const partials = path.join(dir, "prompts", "partials");
    const files: Record<string, string> = {
      "z.hbs": "z",
      "b/a.hbs": "b/a",
      "a.hbs": "a",
      "a/b/c.hbs": "a/b/c",
      "notes.txt": "not a partial",
    };
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(partials, name)), {
        recursive: true,
      });
      fs.writeFileSync(path.join(partials, name), content);
    }
    // A linked folder is read through its link; a link back up is read once.
    fs.mkdirSync(path.join(dir, "shared"));
    fs.writeFileSync(path.join(dir, "shared", "s.hbs"), "s");
    fs.symlinkSync(
      path.join(dir, "shared"),
      path.join(partials, "linked"),
      "dir",
    );
    fs.symlinkSync(partials, path.join(partials, "b", "up"), "dir");

    const user = gatherInputs(specInput("tools.yaml", text, dir), { cwd: dir })
      .templates.user!;
    const expected = ["a", "a/b/c", "b/a", "linked/s", "z"];
    expect(user.partials).toEqual(
      expected.map((name) => ({
        name,
        text: name === "linked/s" ? "s" : name,
      })),
    );
    // The partials folder is no template file.
    expect(user.names).not.toContain("partials");
  });
});
