import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { readFixture, tempProject, toolgen } from "../helpers/project.js";

/** The drift message's last line, for a check run as `toolgen ...argv` with `env`. */
async function fixLine(
  cwd: string,
  argv: string[],
  env: Record<string, string>,
): Promise<string> {
  let stderr = "";
  const code = await main(argv, {
    cwd,
    env,
    out: () => {},
    err: (t) => void (stderr += t),
  });
  expect(code).toBe(1);
  return stderr.trimEnd().split("\n").at(-1)!;
}

const script = (event: string, command: string) => ({
  npm_lifecycle_event: event,
  npm_lifecycle_script: command,
});

describe("the command the drift message says to run", () => {
  let dir: string;
  beforeEach(async () => {
    dir = tempProject(readFixture("valid", "minimal", "tools.yaml"));
    for (const out of ["generated", "other dir"]) {
      expect((await toolgen(dir, "--out", out)).code).toBe(0);
      fs.rmSync(path.join(dir, out, "mcp", "tools.json"));
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
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
  ])("$name", async ({ argv, env, fix }) => {
    expect(await fixLine(dir, argv, env)).toBe(`To fix this, run: ${fix}`);
  });

  it("names a script whose name the shell would split, quoted", async () => {
    expect(await fixLine(dir, ["--check"], script("gen it", "toolgen"))).toBe(
      "To fix this, run: npm run 'gen it'",
    );
  });
});
