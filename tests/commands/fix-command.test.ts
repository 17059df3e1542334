import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { fixCommand } from "../../generator/commands/fix-command.js";
import { readFixture, tempProject, toolgen } from "../helpers/project.js";

const script = (event: string, command: string) => ({
  npm_lifecycle_event: event,
  npm_lifecycle_script: command,
});

/** Each way toolgen can be run, and the command its drift message names (fixCommand is pure). */
const cases = [
  {
    name: "outside npm: npx toolgen",
    argv: ["--check"],
    env: {},
    fix: "npx toolgen",
  },
  {
    name: "outside npm: npx toolgen with the options given",
    argv: ["--check", "--out", "other dir"],
    env: {},
    fix: "npx toolgen --out 'other dir'",
  },
  {
    name: "through npx, which sets npm_lifecycle_event too",
    argv: ["--out", "other dir", "--check"],
    env: script("npx", "toolgen --out 'other dir' --check"),
    fix: "npx toolgen --out 'other dir'",
  },
  {
    name: "as the script that generates, checking through -- --check",
    argv: ["--check"],
    env: script("gen", "toolgen"),
    fix: "npm run gen",
  },
  {
    name: "as the script, with the extra options given after --",
    argv: ["--check", "--out", "other dir"],
    env: script("gen", "node bin/toolgen.mjs"),
    fix: "npm run gen -- --out 'other dir'",
  },
  {
    name: "as a script that writes options of its own, not repeated",
    argv: ["--spec", "tools.yaml", "--check"],
    env: script("gen", "toolgen --spec tools.yaml"),
    fix: "npm run gen",
  },
  {
    name: "as a script that checks: running it again fixes nothing",
    argv: ["--check", "--out", "other dir"],
    env: script("gen:check", "toolgen --check"),
    fix: "npx toolgen --out 'other dir'",
  },
  {
    name: "without the options that only shape the report",
    argv: ["--check", "--format", "text", "--verbose", "--out", "other dir"],
    env: {},
    fix: "npx toolgen --out 'other dir'",
  },
  {
    name: "as the script, without the report options given after --",
    argv: ["--check", "--format=text", "--quiet"],
    env: script("gen", "toolgen"),
    fix: "npm run gen",
  },
  {
    name: "started by a script that is not toolgen's (a test runner)",
    argv: ["--check"],
    env: script("test", "vitest run"),
    fix: "npx toolgen",
  },
  {
    name: "names a script whose name the shell would split, quoted",
    argv: ["--check"],
    env: script("gen it", "toolgen"),
    fix: "npm run 'gen it'",
  },
];

describe("the command the drift message says to run", () => {
  it.each(cases)("$name", ({ argv, env, fix }) => {
    expect(fixCommand(argv, env)).toBe(fix);
  });
});

describe("the drift message's last line", () => {
  let dir: string;
  beforeAll(async () => {
    dir = tempProject(readFixture("valid", "minimal", "tools.yaml"));
    for (const out of ["generated", "other dir"]) {
      expect((await toolgen(dir, "--out", out)).code).toBe(0);
      fs.rmSync(path.join(dir, out, "mcp", "tools.json"));
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A --check with drift (exit 1) ends with the command fixCommand gives for the run's own argv
  // and env: through npm with options after --, and outside npm with report-only options.
  const wired = cases.filter((c) =>
    [
      "as the script, with the extra options given after --",
      "without the options that only shape the report",
      "outside npm: npx toolgen",
    ].includes(c.name),
  );
  it.each(wired)("$name", async ({ argv, env, fix }) => {
    let stderr = "";
    const code = await main(argv, {
      cwd: dir,
      env,
      out: () => {},
      err: (t) => void (stderr += t),
    });
    expect(code).toBe(1);
    expect(stderr.trimEnd().split("\n").at(-1)).toBe(
      `To fix this, run: ${fix}`,
    );
  });
});
