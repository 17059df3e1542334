import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { planInit, type InitStatus } from "../../generator/init/index.js";
import { snapshotDir, toolgen } from "../helpers/project.js";
import { tempDir } from "../helpers/temp.js";
import { projectIn, read, reported } from "./init-project.js";

let temp: string;
beforeEach(() => {
  temp = tempDir("toolgen-init-");
});
afterEach(() => fs.rmSync(temp, { recursive: true, force: true }));

const project = (name: string, files: Record<string, string> = {}) =>
  projectIn(temp, name, files);

const FILES = [
  "tools.yaml",
  "package.json",
  ".gitattributes",
  ".prettierignore",
  ".gitignore",
  ".github/workflows/toolgen.yml",
];

describe("toolgen init in an empty folder", () => {
  it("creates every file, a package.json named after the folder, and a first generation that passes the drift gate", async () => {
    const dir = project("Acme Tools");
    const result = await toolgen(dir, "init");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(reported(result.stdout)).toEqual(
      Object.fromEntries([...FILES, "generated/"].map((f) => [f, "created"])),
    );
    const pkg = JSON.parse(read(dir, "package.json")) as Record<
      string,
      unknown
    >;
    expect(pkg).toEqual({
      name: "acme-tools",
      private: true,
      scripts: { gen: "toolgen", "gen:check": "toolgen --check" },
      workspaces: ["generated/*"],
    });
    const spec = read(dir, "tools.yaml");
    expect(spec.split("\n")[0]).toBe(
      "# yaml-language-server: $schema=./node_modules/toolgen/tools.schema.json",
    );
    const value = yaml.load(spec) as {
      targets: Record<string, { package: string }>;
      tools: { name: string; http?: unknown }[];
    };
    expect(value.tools).toHaveLength(1);
    expect(value.tools[0]!.http).toBeDefined();
    for (const [target, settings] of Object.entries(value.targets)) {
      expect(settings.package).toBe(`acme-tools-${target}`);
      expect(
        fs.existsSync(path.join(dir, "generated", target, "package.json")),
      ).toBe(true);
    }
    expect(read(dir, ".gitattributes")).toBe(
      "generated/** text eol=lf linguist-generated\n",
    );
    expect(read(dir, ".prettierignore")).toBe("generated/\n");
    const workflow = read(dir, ".github/workflows/toolgen.yml");
    expect(workflow).toMatch(
      /^ {6}- run: npm ci\n {6}- run: npm run gen:check\n$/m,
    );
    const check = await toolgen(dir, "--check");
    expect(check.code).toBe(0);
  });

  it("changes nothing when run again: every line says skipped", async () => {
    const dir = project("twice");
    expect((await toolgen(dir, "init")).code).toBe(0);
    const before = snapshotDir(dir);
    const again = await toolgen(dir, "init");
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");
    const statuses = reported(again.stdout);
    expect(Object.keys(statuses).sort()).toEqual(
      [...FILES, "generated/"].sort(),
    );
    expect(new Set(Object.values(statuses))).toEqual(new Set(["skipped"]));
    expect(snapshotDir(dir)).toEqual(before);
  });

  it("creates a folder that does not exist, and names the files inside it from the working folder", async () => {
    const result = await toolgen(temp, "init", "new/platform");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "  created  new/platform/: the folder did not exist\n",
    );
    expect(result.stdout).toContain("  created  new/platform/tools.yaml: ");
    expect(
      (
        JSON.parse(read(path.join(temp, "new/platform"), "package.json")) as {
          name: string;
        }
      ).name,
    ).toBe("platform");
  });
});

describe("toolgen init beside existing files", () => {
  it("adds only the missing scripts, workspace and lines, keeping the rest as it was", async () => {
    const pkg = {
      name: "@acme/agents",
      version: "1.2.0",
      scripts: { test: "vitest", gen: "toolgen" },
      workspaces: ["packages/*"],
      devDependencies: { toolgen: "file:toolgen-0.1.0.tgz" },
    };
    const dir = project("existing", {
      "package.json": `${JSON.stringify(pkg, null, 4)}\n`,
      ".gitattributes": "* text=auto",
      ".prettierignore": "dist/\n/generated\n",
    });
    const result = await toolgen(dir, "init");
    expect(result.code).toBe(0);
    expect(reported(result.stdout)).toMatchObject({
      "package.json": "changed",
      ".gitattributes": "changed",
      ".prettierignore": "skipped",
      ".gitignore": "created",
    });
    expect(read(dir, "package.json")).toBe(
      `${JSON.stringify(
        {
          ...pkg,
          scripts: { ...pkg.scripts, "gen:check": "toolgen --check" },
          workspaces: ["packages/*", "generated/*"],
        },
        null,
        4,
      )}\n`,
    );
    expect(read(dir, ".gitattributes")).toBe(
      "* text=auto\ngenerated/** text eol=lf linguist-generated\n",
    );
    expect(read(dir, ".prettierignore")).toBe("dist/\n/generated\n");
    // The names come from package.json's name.
    expect(read(dir, "tools.yaml")).toContain("package: acme-agents-mcp\n");
  });

  it("reads a package.json that starts with a byte order mark, and keeps the mark", async () => {
    const dir = project("bom", {
      "package.json": `\ufeff${JSON.stringify({ name: "bom-tools" }, null, 2)}\n`,
    });
    const result = await toolgen(dir, "init");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const text = read(dir, "package.json");
    expect(text.startsWith("\ufeff{")).toBe(true);
    expect(JSON.parse(text.slice(1))).toMatchObject({
      name: "bom-tools",
      scripts: { gen: "toolgen" },
    });
    // The example spec is named after package.json's name, read through the mark.
    expect(read(dir, "tools.yaml")).toContain("package: bom-tools-mcp\n");
  });

  it("leaves an existing generated/ alone", async () => {
    const dir = project("has-output", { "generated/notes.txt": "mine\n" });
    const result = await toolgen(dir, "init");
    expect(result.code).toBe(0);
    expect(reported(result.stdout)["generated/"]).toBe("skipped");
    expect(fs.readdirSync(path.join(dir, "generated"))).toEqual(["notes.txt"]);
  });
});

describe("toolgen init with conflicts: exit 2, every conflict named, nothing written", () => {
  const conflicts: [string, Record<string, string>, Record<string, string>][] =
    [
      [
        "a spec, a gen script and a workflow of their own",
        {
          "tools.yaml": "targets: {}\n",
          "package.json": `${JSON.stringify({ scripts: { gen: "make gen" } })}\n`,
          ".github/workflows/toolgen.yml": "name: mine\n",
        },
        {
          "tools.yaml": "exists with other content",
          "package.json": 'scripts.gen is "make gen", not "toolgen"',
          ".github/workflows/toolgen.yml": "exists with other content",
        },
      ],
      [
        "a package.json that is not JSON",
        { "package.json": "{\n  \"private\": true,\n  name: 'x'\n}\n" },
        { "package.json": "is not valid JSON: line 3, column 3: " },
      ],
      [
        "workspaces that are not an array, and a gen:check of another kind",
        {
          "package.json": `${JSON.stringify({ workspaces: { packages: [] }, scripts: { "gen:check": "toolgen" } })}\n`,
        },
        {
          "package.json":
            'scripts.gen:check is "toolgen", not "toolgen --check"; "workspaces" is not an array',
        },
      ],
      [
        "a folder where a file belongs",
        { "tools.yaml/keep": "" },
        { "tools.yaml": "is a folder, not a file" },
      ],
    ];

  it.each(conflicts)("%s", async (_, files, expected) => {
    const dir = project("conflicted", { ".gitattributes": "x\n", ...files });
    const before = snapshotDir(dir);
    const result = await toolgen(dir, "init");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const named = [...result.stderr.matchAll(/^ {2}conflict (\S+): (.*)$/gm)];
    expect(Object.fromEntries(named.map((m) => [m[1], m[2]]))).toEqual(
      Object.fromEntries(
        Object.keys(expected).map((f) => [
          f,
          expect.stringContaining(expected[f]!),
        ]),
      ),
    );
    expect(result.stderr).toMatch(
      new RegExp(
        `\\n\\ntoolgen init: ${named.length} conflict\\(s\\); nothing was written\\.`,
      ),
    );
    expect(snapshotDir(dir)).toEqual(before);
  });

  it("refuses a folder that is a file", async () => {
    fs.writeFileSync(path.join(temp, "afile"), "x");
    const result = await toolgen(temp, "init", "afile");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "  conflict afile/: is a file, not a folder\n",
    );
  });
});

describe("init's plan", () => {
  it("reads and never writes: planning a fresh folder leaves it empty", () => {
    const dir = project("planned");
    const plan = planInit(dir);
    expect(plan.steps.map((s) => s.status)).toEqual(
      Array<InitStatus>(FILES.length + 1).fill("create"),
    );
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(fs.existsSync(path.join(temp, "missing"))).toBe(false);
    planInit(path.join(temp, "missing"));
    expect(fs.existsSync(path.join(temp, "missing"))).toBe(false);
  });

  it.each(["My Platform!", "@scope/Name.JS", "123go", "---", "x".repeat(80)])(
    "derives names that give a valid spec with no warning from the folder %j",
    (folder) => {
      const plan = planInit(project(folder.replaceAll("/", "_")));
      const generated = plan.steps.find((s) => s.path === "generated/");
      expect(generated?.status).toBe("create");
      expect(plan.warnings).toEqual([]);
    },
  );
});

describe("toolgen init's help and arguments", () => {
  it("explains itself, and toolgen --help lists it", async () => {
    const help = await toolgen(temp, "init", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: toolgen init \[folder\]\n/);
    for (const file of FILES) expect(help.stdout).toContain(file);
    expect((await toolgen(temp, "--help")).stdout).toContain(
      "toolgen init [folder]",
    );
    expect(fs.readdirSync(temp)).toEqual([]);
  });

  it("takes one folder at most, and no unknown option", async () => {
    for (const args of [["a", "b"], ["--force"]]) {
      const result = await toolgen(temp, "init", ...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^toolgen init: .*\nRun toolgen init --help for the options\.\n$/,
      );
    }
    expect(fs.readdirSync(temp)).toEqual([]);
  });
});
