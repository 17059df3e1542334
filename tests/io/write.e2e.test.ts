import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ForeignFilesError,
  TreeWriter,
  writeAtomic,
  writeTree,
} from "../../generator/io/write.js";
import { checkTree, TreeComparer } from "../../generator/io/check.js";
import { LOCK } from "../../generator/io/lock.js";
import {
  MANIFEST,
  manifestPaths,
  manifestText,
} from "../../generator/io/manifest.js";
import { specInput } from "../../generator/index.js";
import {
  readFixture,
  repoRoot,
  snapshotDir,
  tempProject,
  toolgen,
} from "../helpers/project.js";
import { generateFromDisk } from "../helpers/generate.js";
import { tempDir as tempFolder } from "../helpers/temp.js";

function tempDir(): string {
  return tempFolder("toolgen-write-");
}

describe("writeTree", () => {
  it("rewrites only files whose bytes changed", () => {
    const out = tempDir();
    writeTree(out, [
      { path: "a/one.js", content: "1\n" },
      { path: "a/two.js", content: "2\n" },
    ]);
    const inode = fs.statSync(path.join(out, "a/one.js")).ino;
    const report = writeTree(out, [
      { path: "a/one.js", content: "1\n" },
      { path: "a/two.js", content: "two\n" },
    ]);
    expect(report.written).toEqual(["a/two.js"]);
    expect(report.unchanged).toEqual(["a/one.js", ".toolgen"]);
    // An unchanged file is not even replaced: the same inode is still there.
    expect(fs.statSync(path.join(out, "a/one.js")).ino).toBe(inode);
  });

  it("deletes files no longer produced, and their empty folders", () => {
    const out = tempDir();
    writeTree(out, [
      { path: "old/gone.js", content: "x\n" },
      { path: "kept.js", content: "k\n" },
    ]);
    const report = writeTree(out, [{ path: "kept.js", content: "k\n" }]);
    expect(report.deleted).toEqual(["old/gone.js"]);
    expect(fs.existsSync(path.join(out, "old"))).toBe(false);
    expect(fs.readFileSync(path.join(out, ".toolgen"), "utf8")).toMatch(
      /\nkept\.js\n$/,
    );
  });

  it("refuses a file its manifest does not list, in a folder it owns, touching nothing", () => {
    const out = tempDir();
    writeTree(out, [{ path: "pkg/a.js", content: "a\n" }]);
    fs.writeFileSync(path.join(out, "pkg/notes.md"), "mine\n");
    const before = fs.readdirSync(out, { recursive: true }).sort();
    expect(() =>
      writeTree(out, [{ path: "pkg/b.js", content: "b\n" }]),
    ).toThrow(
      /holds files that toolgen did not write \(its \.toolgen does not list them\): pkg\/notes\.md/,
    );
    expect(fs.readdirSync(out, { recursive: true }).sort()).toEqual(before);
    expect(fs.readFileSync(path.join(out, "pkg/notes.md"), "utf8")).toBe(
      "mine\n",
    );
  });

  it("refuses an unlisted file even where the spec now produces one: it is someone's all the same", () => {
    const out = tempDir();
    writeTree(out, [{ path: "a.js", content: "a\n" }]);
    fs.writeFileSync(path.join(out, "mine.js"), "my own\n");
    expect(() =>
      writeTree(out, [
        { path: "a.js", content: "a\n" },
        { path: "mine.js", content: "generated\n" },
      ]),
    ).toThrow(/\(its \.toolgen does not list them\): mine\.js/);
    expect(fs.readFileSync(path.join(out, "mine.js"), "utf8")).toBe("my own\n");
  });

  it("still owns its files when a checkout turned the manifest's line ends into CRLF", () => {
    const out = tempDir();
    writeTree(out, [
      { path: "a.js", content: "a\n" },
      { path: "b.js", content: "b\n" },
    ]);
    const manifest = path.join(out, ".toolgen");
    fs.writeFileSync(
      manifest,
      fs.readFileSync(manifest, "utf8").replace(/\n/g, "\r\n"),
    );
    expect(writeTree(out, [{ path: "a.js", content: "a\n" }]).deleted).toEqual([
      "b.js",
    ]);
  });

  it("sweeps a temporary file it left beside a file of its own, but not a look-alike of someone else's", () => {
    const out = tempDir();
    writeTree(out, [{ path: "pkg/a.js", content: "a\n" }]);
    fs.writeFileSync(path.join(out, "pkg/.a.js.4242.0badc0de.tmp"), "half");
    expect(
      writeTree(out, [{ path: "pkg/a.js", content: "a\n" }]).deleted,
    ).toEqual(["pkg/.a.js.4242.0badc0de.tmp"]);

    const fresh = tempDir();
    fs.writeFileSync(path.join(fresh, ".notes.2024.deadbeef.tmp"), "mine\n");
    expect(() => writeTree(fresh, [{ path: "a.js", content: "a\n" }])).toThrow(
      ForeignFilesError,
    );
    expect(
      fs.readFileSync(path.join(fresh, ".notes.2024.deadbeef.tmp"), "utf8"),
    ).toBe("mine\n");
  });

  it("lists every file it is about to write before writing it, so that a run stopped half-way owns what it left", () => {
    const out = tempDir();
    writeTree(out, [{ path: "a.js", content: "a\n" }]);
    // A run that fails half-way: a folder stands where b.js goes, so b.js cannot be renamed into place.
    fs.mkdirSync(path.join(out, "b.js", "in-the-way"), { recursive: true });
    expect(() =>
      writeTree(out, [
        { path: "a.js", content: "a\n" },
        { path: "c.js", content: "c\n" },
        { path: "b.js", content: "b\n" },
      ]),
    ).toThrow();
    expect(fs.readFileSync(path.join(out, "c.js"), "utf8")).toBe("c\n");
    expect(
      fs
        .readFileSync(path.join(out, ".toolgen"), "utf8")
        .split("\n")
        .filter((l) => !l.startsWith("#")),
    ).toEqual(["a.js", "b.js", "c.js", ""]);
  });

  it("leaves node_modules inside the output alone", () => {
    const out = tempDir();
    writeTree(out, [{ path: ".toolgen", content: "m\n" }]);
    fs.mkdirSync(path.join(out, "pkg/node_modules/dep"), { recursive: true });
    fs.writeFileSync(path.join(out, "pkg/node_modules/dep/index.js"), "");
    writeTree(out, [{ path: ".toolgen", content: "m\n" }]);
    expect(fs.existsSync(path.join(out, "pkg/node_modules/dep/index.js"))).toBe(
      true,
    );
  });

  it("refuses a folder holding files it did not write, touching nothing", () => {
    const out = tempDir();
    fs.writeFileSync(path.join(out, "precious.txt"), "mine\n");
    expect(() =>
      writeTree(out, [{ path: ".toolgen", content: "m\n" }]),
    ).toThrow(/did not write/);
    expect(fs.readdirSync(out)).toEqual(["precious.txt"]);
  });

  it("keeps what was there whole when a write fails, leaving no temporary file", () => {
    const out = tempDir();
    // The rename cannot replace a non-empty folder, for root as for anyone: a failure at the last step.
    const target = path.join(out, "file.js");
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "inside.txt"), "old\n");
    expect(() => writeAtomic(target, "new\n")).toThrow();
    expect(fs.readFileSync(path.join(target, "inside.txt"), "utf8")).toBe(
      "old\n",
    );
    expect(fs.readdirSync(out).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});

describe("TreeWriter, given the files a package at a time", () => {
  const listed = (out: string) =>
    [
      ...manifestPaths(fs.readFileSync(path.join(out, MANIFEST), "utf8")),
    ].sort();

  it("lists each package's files before writing them, and deletes the stale ones at the end", () => {
    const out = tempDir();
    writeTree(out, [
      { path: "a/old.js", content: "old\n" },
      { path: "b/kept.js", content: "kept\n" },
    ]);
    const writer = new TreeWriter(out);
    writer.take([{ path: "a/new.js", content: "new\n" }]);
    // The first package is claimed, and what was owned is still listed and still there.
    expect(listed(out)).toEqual(["a/new.js", "a/old.js", "b/kept.js"]);
    expect(fs.existsSync(path.join(out, "a/old.js"))).toBe(true);
    writer.take([{ path: "b/kept.js", content: "kept\n" }]);
    const report = writer.finish();
    expect(report).toEqual({
      written: ["a/new.js", MANIFEST],
      deleted: ["a/old.js"],
      unchanged: ["b/kept.js"],
    });
    expect(listed(out)).toEqual(["a/new.js", "b/kept.js"]);
    expect(fs.existsSync(path.join(out, "a/old.js"))).toBe(false);
  });

  it("clears a stale file where a folder now goes, and a stale folder where a file now goes", () => {
    const out = tempDir();
    writeTree(out, [
      { path: "pkg/runtime", content: "a file\n" },
      { path: "pkg/lib/one.js", content: "1\n" },
      { path: "pkg/lib/deeper/two.js", content: "2\n" },
    ]);
    const writer = new TreeWriter(out);
    writer.take([
      { path: "pkg/runtime/index.js", content: "now a folder\n" },
      { path: "pkg/lib", content: "now a file\n" },
    ]);
    const report = writer.finish();
    expect(report.deleted).toEqual([
      "pkg/lib/deeper/two.js",
      "pkg/lib/one.js",
      "pkg/runtime",
    ]);
    expect(fs.readFileSync(path.join(out, "pkg/lib"), "utf8")).toBe(
      "now a file\n",
    );
    expect(
      fs.readFileSync(path.join(out, "pkg/runtime/index.js"), "utf8"),
    ).toBe("now a folder\n");
    expect(listed(out)).toEqual(["pkg/lib", "pkg/runtime/index.js"]);
  });

  it("clears a file of the last run at the same path in another case before writing, as a file system ignoring case needs", () => {
    const out = tempDir();
    writeTree(out, [{ path: "python/src/MyTools/tools.py", content: "old\n" }]);
    const writer = new TreeWriter(out);
    writer.take([{ path: "python/src/mytools/tools.py", content: "new\n" }]);
    // Gone before finish: deleting it then would delete the new file where case is ignored.
    expect(fs.existsSync(path.join(out, "python/src/MyTools"))).toBe(false);
    expect(writer.finish().deleted).toEqual(["python/src/MyTools/tools.py"]);
    expect(fs.readdirSync(path.join(out, "python/src"))).toEqual(["mytools"]);
    expect(listed(out)).toEqual(["python/src/mytools/tools.py"]);
  });

  it("refuses a folder with files it did not write before taking anything", () => {
    const out = tempDir();
    fs.writeFileSync(path.join(out, "precious.txt"), "mine\n");
    expect(() => new TreeWriter(out)).toThrow(ForeignFilesError);
    expect(fs.readdirSync(out)).toEqual(["precious.txt"]);
  });
});

describe("TreeComparer, given the files a package at a time", () => {
  it("finds the drift checkTree finds given them all at once", async () => {
    const out = tempDir();
    writeTree(out, [
      { path: "a.js", content: "a\n" },
      { path: "b.js", content: "b\n" },
      { path: "gone.js", content: "g\n" },
    ]);
    const files = [
      { path: "a.js", content: "a\n" },
      { path: "b.js", content: "B\n" },
      { path: "new.js", content: "n\n" },
    ];
    const comparer = new TreeComparer(out);
    comparer.take(files.slice(2));
    comparer.take(files.slice(0, 2));
    const drift = await comparer.finish();
    expect(drift).toEqual(await checkTree(out, files));
    expect(drift.changed.map((c) => c.path)).toEqual(["b.js"]);
    expect(drift.missing).toEqual(["new.js"]);
    // The manifest too: these files leave it out, as gen never does.
    expect(drift.extra).toEqual([MANIFEST, "gone.js"]);
  });
});

describe("an interrupted generation", () => {
  it("leaves every file wholly old or wholly new, and the next run repairs the tree", async () => {
    const oldSpec = readFixture("valid", "minimal", "tools.yaml");
    const newSpec = oldSpec.replaceAll("note", "memo");
    const dir = tempProject(oldSpec);
    const out = path.join(dir, "generated");
    expect((await toolgen(dir)).code).toBe(0);
    const old = snapshotDir(out);
    const next = Object.fromEntries(
      generateFromDisk(specInput("tools.yaml", newSpec, dir)).files.map((f) => [
        f.path,
        f.content,
      ]),
    );

    for (const delay of [40, 80, 160]) {
      fs.writeFileSync(path.join(dir, "tools.yaml"), newSpec);
      const child = spawn(
        process.execPath,
        [path.join(repoRoot, "bin/toolgen.mjs")],
        { cwd: dir, stdio: "ignore" },
      );
      // Listen before the delay: a run that finishes first must not leave the test waiting for an exit already past.
      const exited = new Promise((r) => child.once("exit", r));
      await new Promise((r) => setTimeout(r, delay));
      child.kill("SIGKILL");
      await exited;

      // The manifest may also be a claim a run writes before a package's first new file: every
      // file owned then, and every file given so far (some of the new tree's).
      const before = new Set(Object.keys(old).filter((p) => p !== MANIFEST));
      const either = new Set([...before, ...Object.keys(next)]);
      either.delete(MANIFEST);
      const isClaim = (text: string | undefined): boolean => {
        if (text === undefined) return false;
        const listed = [...manifestPaths(text)];
        return (
          text === manifestText(listed) &&
          [...before].every((p) => listed.includes(p)) &&
          listed.every((p) => either.has(p))
        );
      };
      const left = snapshotDir(out);
      const listed = manifestPaths(left[MANIFEST] ?? "");
      for (const [file, content] of Object.entries(left)) {
        if (file.endsWith(".tmp")) continue; // a temporary file the next run sweeps away
        // The killed run's lock: its holder is dead, so the next run takes it over.
        if (file === LOCK) continue;
        if (file === MANIFEST) {
          if (content !== old[file] && content !== next[file])
            expect(isClaim(content), "the manifest is a claim").toBe(true);
          continue;
        }
        expect([old[file], next[file]], file).toContain(content);
        // Every file of toolgen's that the run left is listed: the next run owns it.
        expect(listed.has(file), `${file} is listed`).toBe(true);
      }
      // Put the old tree back for the next round.
      fs.writeFileSync(path.join(dir, "tools.yaml"), oldSpec);
      expect((await toolgen(dir)).code).toBe(0);
    }

    fs.writeFileSync(path.join(dir, "tools.yaml"), newSpec);
    expect((await toolgen(dir)).code).toBe(0);
    expect((await toolgen(dir, "--check")).code).toBe(0);
    expect(snapshotDir(out)).toEqual(next);
  });
});
