import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  readFixture,
  removedAfterEach,
  snapshotDir,
  tempProject,
  toolgen,
} from "../helpers/project.js";

// gen and --check never follow a link inside the output folder: each link is a file toolgen does
// not own, and nothing outside the project is read, shown or written through it.
const removed = removedAfterEach();
const secret = `SECRET-${process.pid}-${Math.random().toString(36).slice(2)}`;

/** A generated project and, beside it (outside it), a folder holding the secret. */
async function layout() {
  const root = removed(tempProject(""));
  const project = path.join(root, "project");
  const outside = path.join(root, "outside");
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, "package.json"), '{ "name": "p" }\n');
  fs.writeFileSync(
    path.join(project, "tools.yaml"),
    readFixture("valid", "minimal", "tools.yaml"),
  );
  const first = await toolgen(project);
  expect(first.code, first.stderr).toBe(0);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, "secret.txt"), `${secret}\n`);
  // What the folder link leads to: the client package's files, each with the secret in it.
  const client = path.join(project, "generated", "client");
  for (const file of fs.readdirSync(client, { recursive: true })) {
    const from = path.join(client, String(file));
    const to = path.join(outside, "client", String(file));
    if (fs.statSync(from).isDirectory()) fs.mkdirSync(to, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, `${fs.readFileSync(from, "utf8")}${secret}\n`);
    }
  }
  return { project, outside, out: path.join(project, "generated") };
}

type Layout = Awaited<ReturnType<typeof layout>>;

/** Each link planted in generated/, and the path (below generated/) a run must name. */
const links: [name: string, plant: (l: Layout) => string][] = [
  [
    "a listed file replaced by a link to a file outside",
    (l) => {
      fs.rmSync(path.join(l.out, "client", "package.json"));
      fs.symlinkSync(
        path.join(l.outside, "secret.txt"),
        path.join(l.out, "client", "package.json"),
      );
      return "client/package.json";
    },
  ],
  [
    "a new link to a file outside",
    (l) => {
      fs.symlinkSync(
        path.join(l.outside, "secret.txt"),
        path.join(l.out, "notes.md"),
      );
      return "notes.md";
    },
  ],
  [
    "a package folder replaced by a link to a folder outside",
    (l) => {
      fs.rmSync(path.join(l.out, "client"), { recursive: true });
      fs.symlinkSync(
        path.join(l.outside, "client"),
        path.join(l.out, "client"),
      );
      return "client";
    },
  ],
  [
    "the manifest replaced by a link to a file outside",
    (l) => {
      fs.rmSync(path.join(l.out, ".toolgen"));
      fs.symlinkSync(
        path.join(l.outside, "secret.txt"),
        path.join(l.out, ".toolgen"),
      );
      return ".toolgen";
    },
  ],
];

describe("a link inside generated/", () => {
  it.each(links)(
    "%s: --check names it foreign, reads nothing through it",
    async (_, plant) => {
      const l = await layout();
      const link = plant(l);
      const before = snapshotDir(l.outside);
      const run = await toolgen(l.project, "--check");
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout + run.stderr).toContain(
        `foreign: generated/${link} (toolgen did not write it)`,
      );
      expect(run.stdout + run.stderr).not.toContain(secret);
      const json = await toolgen(l.project, "--check", "--format", "json");
      expect(json.stdout + json.stderr).not.toContain(secret);
      expect(
        (
          JSON.parse(json.stdout) as {
            files: { path: string; status: string }[];
          }
        ).files,
      ).toContainEqual({ path: `generated/${link}`, status: "foreign" });
      expect(snapshotDir(l.outside)).toEqual(before);
    },
  );

  it.each(links)(
    "%s: gen refuses, writes nothing through it",
    async (_, plant) => {
      const l = await layout();
      const link = plant(l);
      const before = snapshotDir(l.outside);
      const inside = snapshotDir(l.out);
      const run = await toolgen(l.project);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain("holds files that toolgen did not write");
      expect(run.stderr).toContain(link);
      expect(run.stdout + run.stderr).not.toContain(secret);
      expect(snapshotDir(l.outside)).toEqual(before);
      expect(fs.lstatSync(path.join(l.out, link)).isSymbolicLink()).toBe(true);
      expect(snapshotDir(l.out)).toEqual(inside);
    },
  );

  it("generated/ itself a link to a folder outside: refused, nothing read or written", async () => {
    const l = await layout();
    fs.rmSync(path.join(l.outside, "client"), { recursive: true });
    fs.cpSync(l.out, path.join(l.outside, "generated"), { recursive: true });
    fs.appendFileSync(
      path.join(l.outside, "generated", "client", "index.js"),
      secret,
    );
    fs.rmSync(l.out, { recursive: true });
    fs.symlinkSync(path.join(l.outside, "generated"), l.out);
    const before = snapshotDir(l.outside);
    for (const args of [["--check"], []]) {
      const run = await toolgen(l.project, ...args);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain("it is a link to");
      expect(run.stdout + run.stderr).not.toContain(secret);
    }
    expect(snapshotDir(l.outside)).toEqual(before);
  });
});
