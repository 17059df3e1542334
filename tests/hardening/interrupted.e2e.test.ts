import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { specInput } from "../../generator/index.js";
import { LOCK } from "../../generator/io/lock.js";
import {
  repoRoot,
  snapshotDir,
  tempProject,
  toolgen,
} from "../helpers/project.js";
import { base } from "./corpus/base.js";
import { generateFromDisk } from "../helpers/generate.js";

const ROUNDS = Number(process.env.TOOLGEN_KILL_ROUNDS ?? 12);

/** Two specs whose outputs differ in most files, and in which files exist at all. */
const specA = base;
const specB = base
  .replaceAll("note", "memo")
  .replace("footer: That is all.", "footer: That is all, really.");

/** The leftover of a write killed between its temporary file and the rename. */
const TEMP = /(^|\/)\.[^/]+\.\d+\.[0-9a-f]{8}\.tmp$/;

/** Runs the built CLI in a child process and SIGKILLs it after `delay` ms (or lets it finish first). */
async function killedRun(dir: string, delay: number): Promise<void> {
  const script = `const { main } = await import(${JSON.stringify(path.join(repoRoot, "dist", "toolgen.mjs"))});
process.exitCode = await main([], { cwd: process.cwd(), out: () => {}, err: (t) => process.stderr.write(t) });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
    stdio: "ignore",
  });
  const exited = new Promise((r) => child.once("exit", r));
  await Promise.race([exited, new Promise((r) => setTimeout(r, delay))]);
  child.kill("SIGKILL");
  await exited;
}

describe("a generation killed at random moments", () => {
  it(`leaves every file wholly old or wholly new, and the next run repairs the tree (${ROUNDS} kills)`, async () => {
    const dir = tempProject(specA);
    const out = path.join(dir, "generated");
    const trees = [specA, specB].map((s) =>
      Object.fromEntries(
        generateFromDisk(specInput("tools.yaml", s, dir)).files.map((f) => [
          f.path,
          f.content,
        ]),
      ),
    );

    // How long a whole run takes here, so the kills land all through it.
    let started = Date.now();
    await killedRun(dir, 60_000);
    const whole = Date.now() - started;
    expect(snapshotDir(out)).toEqual(trees[0]);

    let seen = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Every third round starts from nothing: a first generation killed half-way must be repaired too.
      if (round % 3 === 2) fs.rmSync(out, { recursive: true, force: true });
      const target = round % 2 === 0 ? specB : specA;
      fs.writeFileSync(path.join(dir, "tools.yaml"), target);
      started = Date.now();
      await killedRun(dir, Math.random() * whole);

      const left = snapshotDir(out);
      const when = `after a kill at ${Date.now() - started} ms`;
      for (const [file, content] of Object.entries(left)) {
        // The killed run's lock is left too: the next run sees its holder is gone and takes it over.
        if (TEMP.test(file) || file === ".toolgen" || file === LOCK) continue;
        expect([trees[0]![file], trees[1]![file]], `${file} ${when}`).toContain(
          content,
        );
        seen++;
      }
      // The manifest may be one of the two, or the claim written before the first write; either
      // way it lists every file toolgen left, so the next run owns them all.
      if (left[".toolgen"] !== undefined) {
        const listed = new Set(
          left[".toolgen"]
            .split("\n")
            .filter((l) => l !== "" && !l.startsWith("#")),
        );
        for (const file of Object.keys(left))
          if (!TEMP.test(file) && file !== ".toolgen" && file !== LOCK)
            expect(listed, `${file} ${when}`).toContain(file);
        for (const file of listed)
          expect(
            file in trees[0]! || file in trees[1]!,
            `${file} listed ${when}`,
          ).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(0);

    // The next run repairs whatever the kills left: exactly the spec's files, no temporary ones.
    fs.writeFileSync(path.join(dir, "tools.yaml"), specB);
    const repair = await toolgen(dir);
    expect(repair.stderr).toBe("");
    expect(repair.code).toBe(0);
    expect(snapshotDir(out)).toEqual(trees[1]);
    expect((await toolgen(dir, "--check")).code).toBe(0);
  });

  it("a first generation killed before its manifest is written is still repaired", async () => {
    const dir = tempProject(specA);
    const out = path.join(dir, "generated");
    // What a kill can leave in a fresh folder: a temporary file of the first write, nothing else.
    fs.mkdirSync(out);
    fs.writeFileSync(
      path.join(out, "..toolgen.4242.0badc0de.tmp"),
      "# half a manif",
    );
    const result = await toolgen(dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(fs.existsSync(path.join(out, "..toolgen.4242.0badc0de.tmp"))).toBe(
      false,
    );
  });
});
