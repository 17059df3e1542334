import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../helpers/platform-server.js";
import {
  minimalVariant,
  repoRoot,
  snapshotDir,
  tempProject,
} from "../helpers/project.js";

const bin = path.join(repoRoot, "bin", "toolgen.mjs");
/** Generous: the machine is shared, and each step is one whole gen run. */
const STEP_MS = 30_000;

interface Watching {
  readonly child: ChildProcess;
  out(): string;
  err(): string;
  readonly exited: Promise<number | null>;
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0))
    if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const d of dirs.splice(0))
    fs.rmSync(d, { recursive: true, force: true });
});

/** `toolgen --watch` as a real process in `dir`. */
function watch(dir: string): Watching {
  const child = spawn(process.execPath, [bin, "--watch"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (t: string) => (out += t));
  child.stderr!.setEncoding("utf8").on("data", (t: string) => (err += t));
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  return { child, out: () => out, err: () => err, exited };
}

/** How many runs wrote their summary line so far. */
const runs = (stdout: string) =>
  stdout.split("\n").filter((l) => /^toolgen: generated\/: \d+ written/.test(l))
    .length;

/** Saves as vim and many IDEs do: a new file renamed over the old one. */
function saveByRename(file: string, text: string): void {
  const tmp = `${file}.swp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

describe("toolgen --watch, as a real process", () => {
  it("regenerates on an edit, reports a bad edit and keeps watching, regenerates on the fix, and exits 0 on SIGINT", async () => {
    const dir = tempProject(minimalVariant());
    dirs.push(dir);
    const spec = path.join(dir, "tools.yaml");
    const tools = path.join(dir, "generated", "client", "tools.json");
    const w = watch(dir);
    await until(
      () => w.err().includes("toolgen: watching tools.yaml"),
      "it watches",
      STEP_MS,
    );
    expect(runs(w.out())).toBe(1);

    // An edit, saved by rename: the output follows.
    saveByRename(
      spec,
      minimalVariant(["short: Add a note.", "short: Add a watched note."]),
    );
    await until(() => runs(w.out()) === 2, "the edit is generated", STEP_MS);
    expect(fs.readFileSync(tools, "utf8")).toContain("Add a watched note.");

    // A bad edit, written in place: a located error; the output stays as it was.
    const before = snapshotDir(path.join(dir, "generated"));
    const broken = minimalVariant(
      ["short: Add a note.", "short: Add a broken note."],
      ["  - name: get_note\n", "  - name: get_note\n    colour: red\n"],
    );
    const line = broken.split("\n").indexOf("    colour: red") + 1;
    fs.writeFileSync(spec, broken);
    const located = new RegExp(`^tools\\.yaml:${line}:5: .*colour`, "m");
    await until(
      () => located.test(w.err()) && w.err().includes("nothing was written"),
      "the located error is reported",
      STEP_MS,
    );
    expect(snapshotDir(path.join(dir, "generated"))).toEqual(before);
    expect(w.child.exitCode).toBeNull();

    // The fix: generated again.
    saveByRename(
      spec,
      minimalVariant(["short: Add a note.", "short: Add a fixed note."]),
    );
    await until(() => runs(w.out()) === 3, "the fix is generated", STEP_MS);
    expect(fs.readFileSync(tools, "utf8")).toContain("Add a fixed note.");

    w.child.kill("SIGINT");
    expect(await w.exited).toBe(0);
    expect(w.err()).toMatch(/toolgen: stopped watching\n$/);
  });

  it("exits 0 on SIGTERM", async () => {
    const dir = tempProject(minimalVariant());
    dirs.push(dir);
    const w = watch(dir);
    await until(
      () => w.err().includes("toolgen: watching"),
      "it watches",
      STEP_MS,
    );
    w.child.kill("SIGTERM");
    expect(await w.exited).toBe(0);
  });
});
