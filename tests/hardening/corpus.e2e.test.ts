import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  repoRoot,
  snapshotDir,
  tempProject,
  toolgen,
} from "../helpers/project.js";
import { base } from "./corpus/base.js";
import { corpus } from "./corpus/index.js";
import { tempDir } from "../helpers/temp.js";
import { goldenFiles } from "../helpers/goldens.js";

/** A stack trace line, as Node prints one. */
const STACK = /\n\s+at .+[:(]\d+:\d+\)?\n/;

/** A project whose generated/ already holds the base spec's output, copied for each case. */
let template: string;

beforeAll(async () => {
  template = tempProject(base);
  const first = await toolgen(template);
  expect(first.code, first.stderr).toBe(0);
});

describe.each(Object.entries(corpus))("corpus: %s", (kind, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (name, c) => {
    const dir = tempDir("toolgen-corpus-");
    fs.cpSync(template, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "tools.yaml"), c.spec);
    const before = snapshotDir(dir);

    const result = await toolgen(dir);

    expect(result.stderr).not.toMatch(STACK);
    expect(result.stderr).not.toContain("internal error");
    expect(result.code, result.stderr).toBe(c.exit);
    if (c.says) expect(result.stderr).toContain(c.says);
    if (c.exit === 2) {
      expect(result.stderr).toMatch(/^tools\.yaml(:\d+:\d+)?: /m);
      expect(result.stderr).toContain("nothing was written");
      // A rejected spec leaves the previous output exactly as it was.
      expect(snapshotDir(dir)).toEqual(before);
    } else {
      expect(result.stderr).not.toMatch(/^tools\.yaml:\d+:\d+: (?!warning)/m);
      expect((await toolgen(dir, "--check")).code).toBe(0);
    }
    await expect(`exit ${result.code}\n${result.stderr}`).toMatchFileSnapshot(
      path.join("__snapshots__", kind, `${name}.txt`),
    );
  });
});

describe("the corpus's goldens", () => {
  it("are one per case, and no other", () => {
    const folder = path.join(import.meta.dirname, "__snapshots__");
    expect(goldenFiles(folder)).toEqual(
      Object.entries(corpus)
        .flatMap(([kind, cases]) => cases.map((c) => `${kind}/${c.name}.txt`))
        .sort(),
    );
  });
});

describe("hostile YAML in a constrained process", () => {
  const byName = new Map(corpus.yaml!.map((c) => [c.name, c]));
  // A small stack and heap: a recursive descent over 5,000 levels or an expanded alias bomb would die here.
  it.each([
    "alias-bomb",
    "flow-nesting-5000",
    "block-nesting-5000",
    "sequence-nesting-5000",
  ])("%s: a clean error within bounded time and memory", (name) => {
    const dir = tempProject(byName.get(name)!.spec);
    const script = `const { main } = await import(${JSON.stringify(path.join(repoRoot, "dist", "toolgen.mjs"))});
process.exitCode = await main([], { cwd: process.cwd(), out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) });`;
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      [
        "--stack-size=200",
        "--max-old-space-size=64",
        "--input-type=module",
        "-e",
        script,
      ],
      { cwd: dir, encoding: "utf8" },
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.signal).toBeNull();
    expect(run.stderr).not.toMatch(STACK);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /nesting deeper than 64 levels|aliases expand to too many nodes/,
    );
    expect(fs.readdirSync(dir)).toEqual(["tools.yaml"]);
  });
});

describe("hostile $refs through the real bin in 400 MB", () => {
  // The heap capped at 400 MB: a walk quadratic in the chain, or one that ran out of memory,
  // would die here (an abort, exit 134) or hit the guard, where it now refuses in seconds.
  it.each(
    corpus.refs!.filter((c) => c.exit === 2).map((c) => [c.name, c] as const),
  )(
    "%s: a located refusal, exit 2",
    (_name, c) => {
      const dir = tempProject(c.spec);
      try {
        const run = spawnSync(
          process.execPath,
          [
            "--max-old-space-size=400",
            path.join(repoRoot, "bin", "toolgen.mjs"),
          ],
          {
            cwd: dir,
            encoding: "utf8",
            timeout: 120_000,
            env: { PATH: process.env.PATH ?? "" },
          },
        );
        expect(run.signal, "killed by the 120 s guard").toBeNull();
        expect(run.stderr).not.toMatch(STACK);
        expect(run.status, run.stderr.slice(0, 2000)).toBe(2);
        expect(run.stderr).toContain(c.says);
        expect(run.stderr).toMatch(/^tools\.yaml:\d+:\d+: /m);
        expect(fs.readdirSync(dir)).toEqual(["tools.yaml"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    150_000,
  );
});
