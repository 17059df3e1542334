import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { specInput } from "../../../generator/index.js";
import { repoRoot } from "../../helpers/project.js";
import { runBin, type Run } from "../../helpers/bin.js";
import {
  startPlatform,
  type PlatformServer,
} from "../../helpers/platform-server.js";
import { generateFromDisk } from "../../helpers/generate.js";
import { goldenFiles } from "../../helpers/goldens.js";

/**
 * The CLI generated from fixtures/typed.yaml (multi-word and flag keywords, every argument type),
 * installed as a consumer installs it: its packages written out, the client linked by its name.
 * It lives under node_modules/.cache so that the client's own dependencies (ajv) resolve.
 */
const fixture = path.join(import.meta.dirname, "fixtures/typed.yaml");
let platform: PlatformServer;
let root: string;
let env: Record<string, string>;

beforeAll(async () => {
  const cache = path.join(repoRoot, "node_modules", ".cache");
  fs.mkdirSync(cache, { recursive: true });
  root = fs.mkdtempSync(path.join(cache, "toolgen-cli-typed-"));
  for (const file of generateFromDisk(
    specInput(fixture, fs.readFileSync(fixture, "utf8"), repoRoot),
  ).files) {
    fs.mkdirSync(path.dirname(path.join(root, file.path)), { recursive: true });
    fs.writeFileSync(path.join(root, file.path), file.content);
  }
  fs.mkdirSync(path.join(root, "node_modules", "@typed"), { recursive: true });
  fs.symlinkSync(
    path.join(root, "client"),
    path.join(root, "node_modules", "@typed", "client"),
    "dir",
  );
  platform = await startPlatform();
  env = {
    TYPED_URL: platform.url,
    TYPED_WS: "ws-self",
    TYPED_TOKEN: "tok-typed",
  };
});
afterAll(async () => {
  await platform.close();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(() => platform.reset());

const typed = (...args: string[]): Promise<Run> =>
  runBin(path.join(root, "cli", "bin.js"), args, env);

describe("typed arguments reach the platform as their schema types", () => {
  it("notes find: integer, number, boolean, enum and a repeatable option in the query", async () => {
    platform.answer("GET /workspaces/ws-self/notes", { status: 200, body: [] });
    const run = await typed(
      "notes",
      "find",
      "deploy",
      "--limit",
      "5",
      "--min-score",
      "0.5",
      "--exact",
      "--scope",
      "TEAM",
      "--tags",
      "a",
      "--tags",
      "b",
    );
    expect(run).toEqual({ code: 0, stdout: "(none)\n", stderr: "" });
    expect(platform.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        path: "/workspaces/ws-self/notes",
        search:
          "?query=deploy&limit=5&min_score=0.5&exact=true&scope=TEAM&tags=a&tags=b",
      }),
    ]);
  });

  it("notes find without --scope: the schema's default is sent, as every target sends it", async () => {
    platform.answer("GET /workspaces/ws-self/notes", { status: 200, body: [] });
    expect(await typed("notes", "find", "deploy")).toEqual({
      code: 0,
      stdout: "(none)\n",
      stderr: "",
    });
    expect(platform.requests).toEqual([
      expect.objectContaining({ search: "?query=deploy&scope=LOCAL" }),
    ]);
  });

  it("notes find --all: the flag word picks the other tool", async () => {
    platform.answer("GET /notes", { status: 200, body: ["n1"] });
    expect(await typed("notes", "find", "--all", "deploy")).toEqual({
      code: 0,
      stdout: "- n1\n",
      stderr: "",
    });
    expect(platform.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        path: "/notes",
        search: "?query=deploy",
      }),
    ]);
  });

  it("notes put: a JSON object option, an integer, --no-<flag> and an array in the body", async () => {
    platform.answer("POST /workspaces/ws-self/notes", {
      status: 201,
      body: { id: "n7" },
    });
    const run = await typed(
      "notes",
      "put",
      "Release plan",
      "--card",
      '{"steps":["build","ship"],"owner":null}',
      "--priority",
      "2",
      "--no-pinned",
      "--tags",
      "x",
    );
    expect(run).toEqual({ code: 0, stdout: "id: n7\n", stderr: "" });
    expect(platform.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        body: {
          title: "Release plan",
          card: { steps: ["build", "ship"], owner: null },
          priority: 2,
          pinned: false,
          tags: ["x"],
        },
      }),
    ]);
  });

  it("notes tag: inputs typed through local $refs are read as their types, array items too", async () => {
    platform.answer("POST /notes/tags", { status: 200, body: { ok: true } });
    const run = await typed(
      "notes",
      "tag",
      "--weight",
      "3",
      "--pinned",
      "--level",
      "high",
      "--labels",
      '{"name":"urgent"}',
    );
    expect(run).toEqual({ code: 0, stdout: "ok: true\n", stderr: "" });
    expect(platform.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/notes/tags",
        body: {
          weight: 3,
          pinned: true,
          level: "high",
          labels: [{ name: "urgent" }],
        },
      }),
    ]);
    const help = await typed("notes", "tag", "--help");
    expect(help.stdout).toMatch(/--weight <integer>/);
    expect(help.stdout).toMatch(/--level <low\|high>/);
  });

  it("notes --help, where notes only begins commands: the help listing them, exit 0", async () => {
    const run = await typed("notes", "--help");
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    for (const command of ["notes find", "notes put", "notes tag"])
      expect(run.stdout).toContain(`  ${command}`);
    const unknown = await typed("nots", "--help");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'nots'");
  });

  it("show: a path parameter is encoded as one segment", async () => {
    platform.answer("GET /notes/a%2Fb%20c", {
      status: 200,
      body: { id: "a/b c" },
    });
    expect(await typed("show", "a/b c")).toEqual({
      code: 0,
      stdout: "id: a/b c\n",
      stderr: "",
    });
    expect(platform.requests).toEqual([
      expect.objectContaining({ path: "/notes/a%2Fb%20c" }),
    ]);
  });

  it.each(["..", "."])(
    "show %s: a value that cannot be one segment is a usage error, 2, and nothing is sent",
    async (id) => {
      expect(await typed("show", id)).toEqual({
        code: 2,
        stdout: "",
        stderr: `typed show: invalid input for show_note: path parameter id cannot be "${id}": it would not be one path segment\n`,
      });
      expect(platform.requests).toEqual([]);
    },
  );
});

describe("values are validated against the schema before anything is sent", () => {
  it.each<[string[], RegExp]>([
    [
      ["notes", "find", "q", "--limit", "1.5"],
      /^typed notes find: --limit must be a whole number, not "1\.5"\n/,
    ],
    [
      ["notes", "find", "q", "--scope", "team"],
      /^typed notes find: --scope must be one of "LOCAL", "TEAM", "", not "team"\n/,
    ],
    [
      ["notes", "put", "t"],
      /^typed notes put: missing required option '--card'\n/,
    ],
    [
      ["notes", "put", "t", "--card", "[]"],
      /^typed notes put: --card must be a JSON object, not "\[\]"\n/,
    ],
    // Beyond types: the schema's own limits, checked by the client's validateInput.
    [
      ["notes", "put", "t", "--card", "{}", "--priority", "9"],
      /^typed notes put: invalid arguments: .*priority.*5/,
    ],
    [
      ["notes"],
      /^typed: 'notes' needs more words: notes find, notes find --all, notes put, notes tag\n/,
    ],
  ])("%j exits 2", async (args, stderr) => {
    const run = await typed(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(stderr);
    expect(platform.requests).toEqual([]);
  });
});

describe("text from tools.yaml", () => {
  it("stays data: it reaches the help verbatim and none of the generated code", async () => {
    const summary =
      'Show a note "by id" `as is` */ ${globalThis.pwned} \\\'); //';
    const run = await typed("--help");
    expect(run.stdout).toContain(`  show <id>                 ${summary}\n`);
    for (const file of ["index.js", "index.d.ts", "bin.js"]) {
      expect(
        fs.readFileSync(path.join(root, "cli", file), "utf8"),
      ).not.toContain("pwned");
    }
  });
});

describe("help shows each option's type", () => {
  const pages: [string[], string][] = [
    [["--help"], "typed.txt"],
    [["notes", "find", "--help"], "typed-notes-find.txt"],
    [["notes", "put", "--help"], "typed-notes-put.txt"],
  ];
  it.each(pages)("%j", async (args, file) => {
    const run = await typed(...args);
    expect(run.code).toBe(0);
    await expect(run.stdout).toMatchFileSnapshot(
      `__snapshots__/typed-help/${file}`,
    );
  });

  it("keeps a golden for each page, and no other", () => {
    const folder = path.join(import.meta.dirname, "__snapshots__/typed-help");
    expect(goldenFiles(folder)).toEqual(pages.map(([, file]) => file).sort());
  });
});

describe("a mistyped word of a multi-word command", () => {
  it("is suggested back with the words before it, from the generated commands", async () => {
    const { bin, commands } = JSON.parse(
      fs.readFileSync(path.join(root, "cli", "commands.json"), "utf8"),
    ) as { bin: string; commands: { keyword: string }[] };
    const multi = commands
      .map((c) => c.keyword.split(" "))
      .filter((w) => w.length === 2 && !w[1]!.startsWith("-"));
    expect(multi.length).toBeGreaterThan(0);
    for (const [first, second] of multi as [string, string][]) {
      const typo = second.slice(0, -1);
      expect(await typed(first, typo, "x")).toEqual({
        code: 2,
        stdout: "",
        stderr: `${bin}: unknown command '${first} ${typo}': did you mean '${first} ${second}'?\nRun '${bin} --help' to list the commands.\n`,
      });
    }
    expect(platform.requests).toEqual([]);
  });
});
