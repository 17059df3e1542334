import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv, npm, npx, packToolgen, run } from "../helpers/pack.js";
import { readFixture, repoRoot } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";

const version = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
    version: string;
  }
).version;

/** npm's lifecycle scripts: the ones npm runs by itself, on install, pack, publish or version. */
const LIFECYCLE =
  /^(pre|post)?(install|prepare|pack|publish|version|dependencies)$|^(prepublish|prepublishOnly|preprepare|postprepare)$/;

describe("the npm package (npm pack, installed into an empty project)", () => {
  const manifest = path.join(repoRoot, "package.json");
  let temp: string;
  let project: string;
  let files: string[];
  let manifestBefore: string;
  let manifestAfter: string;
  let installStderr: string;

  beforeAll(async () => {
    temp = tempDir("toolgen-pack-");
    manifestBefore = fs.readFileSync(manifest, "utf8");
    const packed = await packToolgen(temp);
    manifestAfter = fs.readFileSync(manifest, "utf8");
    expect(packed.stderr).not.toMatch(/npm error/);
    files = [...packed.files];
    project = path.join(temp, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, "package.json"),
      `${JSON.stringify({ name: "consumer", private: true }, null, 2)}\n`,
    );
    // --offline: the package needs nothing but itself (its dependencies are bundled).
    const installed = await run(
      npm,
      [
        "install",
        "--save-dev",
        "--offline",
        "--no-audit",
        "--no-fund",
        packed.tarball,
      ],
      project,
      cleanEnv,
    );
    expect(installed.stderr).not.toMatch(/npm error/);
    expect(installed.code).toBe(0);
    installStderr = installed.stderr;
  }, 240_000);

  afterAll(() => {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  });

  it("packs the bundle, the runtime, the templates, the schema and the documentation, and nothing of toolgen's development", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "package.json",
        "bin/toolgen.mjs",
        "dist/toolgen.mjs",
        "tools.schema.json",
        "templates/docs/prompt.md.hbs",
        "dist/runtime/mcp.js",
        "dist/runtime/mcp.d.ts",
        "dist/runtime/kinds.json",
        "README.md",
        "docs/spec.md",
        "docs/packages/mcp.md",
      ]),
    );
    const allowed =
      /^(package\.json|README\.md|LICENSE|docs\/.+\.md|tools\.schema\.json|bin\/[^/]+\.mjs|dist\/toolgen\.mjs|dist\/chunks\/[^/]+\.[cm]js|dist\/runtime\/.+\.(js|d\.ts)|dist\/runtime\/kinds\.json|templates\/.+\.hbs)$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
  });

  it("packs no lifecycle script whose file it lacks, installs without a word about scripts, and leaves the checkout's package.json as it was", () => {
    const packed = JSON.parse(
      fs.readFileSync(
        path.join(project, "node_modules", "toolgen", "package.json"),
        "utf8",
      ),
    ) as { scripts?: Record<string, string> };
    const missing = Object.entries(packed.scripts ?? {})
      .filter(([name]) => LIFECYCLE.test(name))
      .flatMap(([name, command]) =>
        command
          .split(/\s+/)
          .filter((word) => /[/\\]|\.(c|m)?js$|\.sh$/.test(word))
          .map((word) => word.replace(/^\.\//, ""))
          .filter((file) => !files.includes(file))
          .map((file) => `${name}: ${file}`),
      );
    expect(missing).toEqual([]);
    expect(installStderr).not.toMatch(/script/i);
    expect(manifestAfter).toBe(manifestBefore);
    expect(fs.existsSync(`${manifest}.unpacked`)).toBe(false);
  });

  it("prints its version and exits 0", async () => {
    const result = await run(npx, ["toolgen", "--version"], project, cleanEnv);
    expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("prints its help and exits 0", async () => {
    const result = await run(npx, ["toolgen", "--help"], project, cleanEnv);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: toolgen \[options\]\n/);
    expect(result.stdout).toContain("--version");
  });

  it("generates from a spec, and the drift gate names the project's own script", async () => {
    fs.writeFileSync(
      path.join(project, "tools.yaml"),
      readFixture("valid", "minimal", "tools.yaml"),
    );
    const gen = await run(npx, ["toolgen"], project, cleanEnv);
    expect(gen.stderr).toBe("");
    expect(gen.code).toBe(0);
    expect(gen.stdout).toMatch(/^toolgen: generated\/: \d+ written/);
    for (const target of ["client", "mcp", "langchain", "cli", "docs"])
      expect(
        fs.existsSync(path.join(project, "generated", target, "package.json")),
      ).toBe(true);
    expect(
      (await run(npx, ["toolgen", "--check"], project, cleanEnv)).code,
    ).toBe(0);

    const pkgFile = path.join(project, "package.json");
    const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8")) as object;
    fs.writeFileSync(
      pkgFile,
      JSON.stringify({ ...pkg, scripts: { gen: "toolgen" } }),
    );
    fs.rmSync(path.join(project, "generated", "mcp", "tools.json"));
    const drift = await run(
      npm,
      ["run", "--silent", "gen", "--", "--check"],
      project,
      cleanEnv,
    );
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain("To fix this, run: npm run gen\n");
  });

  it("says in one line that a copy without its build is not built, without a stack", async () => {
    const pkg = path.join(project, "node_modules", "toolgen");
    fs.renameSync(path.join(pkg, "dist"), path.join(pkg, "dist-moved"));
    try {
      const result = await run(
        npx,
        ["toolgen", "--version"],
        project,
        cleanEnv,
      );
      expect(result.code).toBe(3);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(
        /^toolgen: this copy of toolgen is not built \(.*dist[/\\]toolgen\.mjs is missing\): [^\n]+\n$/,
      );
    } finally {
      fs.renameSync(path.join(pkg, "dist-moved"), path.join(pkg, "dist"));
    }
  });
});
