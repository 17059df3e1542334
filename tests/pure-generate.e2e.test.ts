import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gatherInputs, generate, specInput } from "../generator/index.js";
import {
  readFixture,
  repoRoot,
  snapshotDir,
  tempProject,
  toolgen,
} from "./helpers/project.js";
import { tempDir } from "./helpers/temp.js";

// generate() run by a Node process that may read nothing but the generator's own bundle:
// its inputs come in on stdin, its files go out on stdout. Any file system access throws.
const work = tempDir("toolgen-pure-");
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function bundleGenerator(): Promise<string> {
  const esbuild = await import("esbuild");
  const outfile = path.join(work, "generator.mjs");
  await esbuild.build({
    entryPoints: [path.join(repoRoot, "generator/index.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "bundle",
    logLevel: "warning",
    banner: {
      js: 'import { createRequire as __toolgenRequire } from "node:module"; const require = __toolgenRequire(import.meta.url);',
    },
  });
  return outfile;
}

/** Runs in the sandbox: proves a read is refused, then generates from stdin's inputs. */
const child = `
import fs from "node:fs";
let denied = "no";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const { bundle, inputs, probe } = JSON.parse(text);
try { fs.readFileSync(probe); } catch (e) { denied = e.code; }
const { generate } = await import(bundle);
const revive = (f) => f === null ? null : { ...f, texts: new Map(f.texts) };
const { files } = generate({
  ...inputs,
  templates: { defaults: revive(inputs.templates.defaults), user: revive(inputs.templates.user) },
});
process.stdout.write(JSON.stringify({ denied, files }));
`;

// Node 20 knows the permission model only as --experimental-permission; Node 22.13 and later
// (24 included) name it --permission and reject the old flag.
const permissionFlag = process.allowedNodeEnvironmentFlags.has("--permission")
  ? "--permission"
  : "--experimental-permission";

let bundled: Promise<string> | undefined;

/** The CLI's files in `dir`, against generate()'s in the sandbox from the inputs gathered there. */
async function compare(dir: string, specText: string) {
  const bundle = await (bundled ??= bundleGenerator());
  const cli = await toolgen(dir);
  expect(cli.code).toBe(0);
  const written = snapshotDir(path.join(dir, "generated"));

  // The reading gatherInputs made holds functions (locate), which JSON cannot carry: the
  // sandbox reads the spec's text itself, as generate() does when it is given none.
  const { read: _read, ...inputs } = gatherInputs(
    specInput("tools.yaml", specText, dir),
    { cwd: dir },
  );
  const json = (f: (typeof inputs.templates)["defaults"] | null) =>
    f === null ? null : { ...f, texts: [...f.texts] };
  const run = spawnSync(
    process.execPath,
    [
      permissionFlag,
      `--allow-fs-read=${bundle}`,
      "--no-warnings",
      "--input-type=module",
      "-e",
      child,
    ],
    {
      input: JSON.stringify({
        bundle: new URL(`file://${bundle}`).href,
        probe: path.join(dir, "tools.yaml"),
        inputs: {
          ...inputs,
          templates: {
            defaults: json(inputs.templates.defaults),
            user: json(inputs.templates.user),
          },
        },
      }),
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  expect(run.stderr).toBe("");
  const out = JSON.parse(run.stdout) as {
    denied: string;
    files: { path: string; content: string }[];
  };
  expect(out.denied).toBe("ERR_ACCESS_DENIED");
  expect(Object.fromEntries(out.files.map((f) => [f.path, f.content]))).toEqual(
    written,
  );
}

describe("generate() with no file system", () => {
  it("writes the same files as the CLI, reading nothing but its own code", async () => {
    const text = fs.readFileSync(path.join(repoRoot, "tools.yaml"), "utf8");
    const dir = tempProject(text);
    try {
      await compare(dir, text);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("takes the user's templates and their partials as inputs too", async () => {
    const text = readFixture("valid", "minimal", "tools.yaml").replace(
      '    package: "@acme/prompts"\n',
      '    package: "@acme/prompts"\n    templates: templates\n',
    );
    expect(text).toContain("templates: templates");
    const dir = tempProject(text);
    try {
      const partials = path.join(dir, "templates", "partials", "tools");
      fs.mkdirSync(partials, { recursive: true });
      fs.writeFileSync(
        path.join(dir, "templates", "section.md.hbs"),
        "## {{upper heading}}\n{{#each tools}}\n{{> tools/item}}\n{{/each}}\n",
      );
      fs.writeFileSync(path.join(partials, "item.hbs"), "- {{name}}\n");
      await compare(dir, text);
      expect(
        fs.readFileSync(
          path.join(dir, "generated/docs/sections/notes.mcp.md"),
          "utf8",
        ),
      ).toContain("\n## NOTES\n- add_note\n");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("generate() goes on from the reading gatherInputs made", () => {
  it("reads the spec once: given that reading, it does not read the text again", () => {
    const text = readFixture("valid", "minimal", "tools.yaml");
    const dir = tempProject(text);
    try {
      const inputs = gatherInputs(specInput("tools.yaml", text, dir), {
        cwd: dir,
      });
      expect(inputs.read?.ok).toBe(true);
      const once = generate(inputs).files;
      // A text that does not read: only a second reading would notice it.
      const again = generate({
        ...inputs,
        spec: { ...inputs.spec, text: "tools: [" },
      }).files;
      expect(again).toEqual(once);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
