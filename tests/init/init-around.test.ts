import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";
import { projectIn, read, reported } from "./init-project.js";

// What init writes for the project around it (its example spec's targets, a repository's root)
// and what it says to do next.

let temp: string;
beforeEach(() => {
  temp = tempDir("toolgen-init-");
});
afterEach(() => fs.rmSync(temp, { recursive: true, force: true }));

const project = (name: string, files: Record<string, string> = {}) =>
  projectIn(temp, name, files);

describe("the example spec", () => {
  it("generates every target it shows commented out, once uncommented", async () => {
    const dir = project("every-target");
    expect((await toolgen(dir, "init")).code).toBe(0);
    const spec = read(dir, "tools.yaml");
    const targets = [...spec.matchAll(/^ {2}# (\w+):/gm)].map((m) => m[1]!);
    expect(targets).toEqual(
      expect.arrayContaining(["langchain", "ai_sdk", "function_calling"]),
    );
    // Uncomment each commented target block (the key and its indented lines).
    const uncommented = spec.replace(
      /^ {2}# (\w+):(.*)\n((?: {2}# {3}.*\n)*)/gm,
      (_, key: string, rest: string, body: string) =>
        targets.includes(key) && key !== "runtime"
          ? `  ${key}:${rest}\n${body.replace(/^ {2}# /gm, "  ")}`
          : _,
    );
    fs.writeFileSync(path.join(dir, "tools.yaml"), uncommented);
    const run = await toolgen(dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    for (const folder of ["langchain", "ai-sdk", "function-calling"])
      expect(fs.existsSync(path.join(dir, "generated", folder))).toBe(true);
  });
});

describe("what init says next", () => {
  const toolgenVersion = (
    JSON.parse(
      fs.readFileSync(
        path.join(import.meta.dirname, "../../package.json"),
        "utf8",
      ),
    ) as { version: string }
  ).version;

  it("a project that does not list toolgen is told to add it, as the scripts and CI run it", async () => {
    const result = await toolgen(project("fresh"), "init");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `\nNext: add toolgen to the project's devDependencies, so that npm run gen and CI find it: npm i -D <path>/toolgen-${toolgenVersion}.tgz`,
    );
  });

  it("one that lists it (in any dependency list) is told to install and generate", async () => {
    for (const key of ["dependencies", "devDependencies"]) {
      const dir = project(`listed-${key}`, {
        "package.json": `${JSON.stringify({ name: "x", [key]: { toolgen: "file:toolgen.tgz" } }, null, 2)}\n`,
      });
      const result = await toolgen(dir, "init");
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        "\nNext: npm install, then edit tools.yaml and run npm run gen.\n",
      );
      expect(result.stdout).not.toContain("add toolgen");
    }
  });
});

describe("toolgen init in a sub-folder of a git repository", () => {
  it("writes the workflow at the repository's root, its steps run in the folder, and changes nothing run again", async () => {
    const repo = project("repo", { ".git/HEAD": "ref: refs/heads/main\n" });
    const dir = path.join(repo, "packages", "my tools");
    const result = await toolgen(dir, "init");
    expect(result.code).toBe(0);
    const workflowFile = path.join(
      repo,
      ".github/workflows/toolgen-my-tools.yml",
    );
    expect(reported(result.stdout)).toMatchObject({
      "../../.github/workflows/toolgen-my-tools.yml": "created",
    });
    expect(fs.existsSync(path.join(dir, ".github"))).toBe(false);
    const workflow = yaml.load(fs.readFileSync(workflowFile, "utf8")) as {
      jobs: { drift: { defaults: { run: { "working-directory": string } } } };
    };
    expect(workflow.jobs.drift.defaults.run["working-directory"]).toBe(
      "packages/my tools",
    );
    const again = await toolgen(dir, "init");
    expect(new Set(Object.values(reported(again.stdout)))).toEqual(
      new Set(["skipped"]),
    );
  });

  it("at the repository's root, the workflow is .github/workflows/toolgen.yml with no working directory", async () => {
    const repo = project("root", { ".git/HEAD": "ref: refs/heads/main\n" });
    expect((await toolgen(repo, "init")).code).toBe(0);
    const workflow = yaml.load(read(repo, ".github/workflows/toolgen.yml")) as {
      jobs: { drift: Record<string, unknown> };
    };
    expect(workflow.jobs.drift.defaults).toBeUndefined();
  });
});
