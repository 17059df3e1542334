import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  removedAfterEach,
  repoRoot,
  toolgen,
  toolgenIn,
} from "../helpers/project.js";
import { lineOf, variant } from "./helpers.js";
// @ts-expect-error: the bench is plain JavaScript, without declarations
import { syntheticSpec } from "../../bench/spec.mjs";

const removed = removedAfterEach();
const TAG = "tag: { type: string, enum: [a, b] }";
const NARROWED = variant([[TAG, "tag: { type: string, enum: [a] }"]]);
const WIDENED = variant([[TAG, "tag: { type: string, enum: [a, b, c] }"]]);

function git(dir: string, ...args: string[]): string {
  return execFileSync(
    "git",
    [
      "-c",
      "user.name=toolgen",
      "-c",
      "user.email=toolgen@example.com",
      ...args,
    ],
    { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}

/** A git repository in a temporary folder holding one commit a spec text, in order (`at` the spec's path). */
function repository(texts: readonly string[], at = "tools.yaml"): string {
  const dir = removed(fs.mkdtempSync(path.join(os.tmpdir(), "toolgen-diff-")));
  git(dir, "init", "-q");
  texts.forEach((text, i) => {
    fs.mkdirSync(path.dirname(path.join(dir, at)), { recursive: true });
    fs.writeFileSync(path.join(dir, at), text);
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", `spec ${i + 1}`);
  });
  return dir;
}

describe("toolgen diff against a git ref", () => {
  it("reports a break located in the current spec, exit 1, and leaves the working tree as it was", async () => {
    const dir = repository([variant([]), NARROWED]);
    fs.writeFileSync(path.join(dir, "untracked.txt"), "x");
    const status = git(dir, "status", "--porcelain");
    const run = await toolgen(dir, "diff", "--against", "HEAD~1");
    expect(run.code).toBe(1);
    const line = lineOf(NARROWED, "tag:");
    expect(run.stdout).toContain(
      `tools.yaml:${line}:${NARROWED.split("\n")[line - 1]!.indexOf("[a]") + 1}: breaking: tool 'add_note', input 'tag': enum value "b" removed [enum-value-removed]`,
    );
    expect(run.stdout).toContain(
      "against HEAD~1:tools.yaml: 1 breaking, 0 compatible",
    );
    expect(git(dir, "status", "--porcelain")).toBe(status);
    expect(fs.readFileSync(path.join(dir, "tools.yaml"), "utf8")).toBe(
      NARROWED,
    );
  });

  it("compares the working tree's spec with HEAD: a compatible change is exit 0", async () => {
    const dir = repository([variant([])]);
    fs.writeFileSync(path.join(dir, "tools.yaml"), WIDENED);
    const run = await toolgen(dir, "diff", "--against", "HEAD");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "compatible: tool 'add_note', input 'tag': enum value \"c\" added [enum-value-added]",
    );
    expect(run.stdout).toContain("0 breaking, 1 compatible");
  });

  it("reads the spec's own path at the ref, from a subfolder", async () => {
    const dir = repository([WIDENED, variant([])], "api/tools.yaml");
    const run = await toolgen(
      dir,
      "diff",
      "--spec",
      "api/tools.yaml",
      "--against",
      "HEAD~1",
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("api/tools.yaml:");
    expect(run.stdout).toContain("[enum-value-removed]");
  });

  it("reports the errors of a spec that does not parse at the ref, there, exit 2", async () => {
    const broken = variant([["targets:\n", "targets:\n  client: [\n"]]);
    const dir = repository([broken, variant([])]);
    const run = await toolgen(dir, "diff", "--against", "HEAD~1");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^HEAD~1:tools\.yaml:\d+:\d+: /);
    expect(run.stderr).toContain(
      "in the spec at 'HEAD~1' (HEAD~1:tools.yaml); nothing was compared.",
    );
    expect(run.stdout).toBe("");
  });

  it("a ref git does not know is exit 2", async () => {
    const dir = repository([variant([])]);
    const unknown = await toolgen(dir, "diff", "--against", "no-such-branch");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "cannot read tools.yaml at 'no-such-branch' with git:",
    );
    const option = await toolgen(dir, "diff", "--against", "--output=x");
    expect(option.code).toBe(2);
  });

  it("a spec the ref's commit does not hold (the change adds it): every tool and prompt added, exit 0", async () => {
    const dir = repository([variant([])]);
    const text = variant([]);
    fs.writeFileSync(path.join(dir, "other.yaml"), text);
    const run = await toolgen(
      dir,
      "diff",
      "--spec",
      "other.yaml",
      "--against",
      "HEAD",
      "--format",
      "json",
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const names = [...text.matchAll(/^ {2}- name: (\S+)$/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    const doc = JSON.parse(run.stdout) as {
      changes: { change: string; tool: string }[];
    };
    expect(doc.changes.filter((c) => c.change === "tool-added")).toEqual(
      names.map((tool) =>
        expect.objectContaining({ change: "tool-added", tool }),
      ),
    );
    // The MCP server's prompts made of the prompt docs: the whole prompt and one a section.
    const sections = [...text.matchAll(/^ {2}- id: (\S+)$/gm)].map((m) => m[1]);
    expect(
      doc.changes.filter((c) => c.change !== "tool-added").map((c) => c.tool),
    ).toEqual([
      "prompts.prompt",
      ...sections.map((id) => `prompts.prompt.${id}`),
    ]);
  });
});

describe("toolgen diff against a file", () => {
  it("reads an existing file, in both directions", async () => {
    const dir = repository([]);
    fs.writeFileSync(path.join(dir, "tools.yaml"), NARROWED);
    fs.writeFileSync(path.join(dir, "before.yaml"), WIDENED);
    const narrowed = await toolgen(dir, "diff", "--against", "before.yaml");
    expect(narrowed.code).toBe(1);
    // [a, b, c] → [a]: two values gone.
    expect(narrowed.stdout).toContain("against before.yaml: 2 breaking");
    fs.writeFileSync(path.join(dir, "tools.yaml"), WIDENED);
    fs.writeFileSync(path.join(dir, "before.yaml"), NARROWED);
    const widened = await toolgen(dir, "diff", "--against", "before.yaml");
    expect(widened.code).toBe(0);
  });

  it("lets an acknowledged break through, and warns of one that matches nothing", async () => {
    const dir = repository([]);
    fs.writeFileSync(path.join(dir, "before.yaml"), variant([]));
    const acks = `acknowledged_breaks:\n  - { tool: add_note, change: enum-value-removed, reason: b was never used }\n  - { tool: get_note, change: tool-removed, reason: stale }\n`;
    fs.writeFileSync(path.join(dir, "tools.yaml"), NARROWED + acks);
    const run = await toolgen(dir, "diff", "--against", "before.yaml");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "breaking, acknowledged (b was never used): tool 'add_note', input 'tag'",
    );
    expect(run.stderr).toContain(
      `tools.yaml:${lineOf(NARROWED + acks, "tool: get_note")}:5: warning: acknowledged break 2 (tool 'get_note', tool-removed) matches no change`,
    );
  });
});

describe("toolgen diff's formats and arguments", () => {
  it("--format json: one document with each change and its location", async () => {
    const dir = repository([variant([]), NARROWED]);
    const run = await toolgen(
      dir,
      "diff",
      "--against",
      "HEAD~1",
      "--format",
      "json",
    );
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({
      outcome: "breaking",
      exitCode: 1,
      base: "HEAD~1:tools.yaml",
    });
    expect(doc.changes).toMatchObject([
      {
        class: "breaking",
        change: "enum-value-removed",
        tool: "add_note",
        input: "tag",
        acknowledged: null,
      },
    ]);
    expect(doc.changes[0].location).toBe(
      `tools.yaml:${doc.changes[0].line}:${doc.changes[0].column}`,
    );
  });

  it("--format github (the default under GitHub Actions): an annotation a change, then the text", async () => {
    const dir = repository([variant([]), NARROWED]);
    fs.writeFileSync(
      path.join(dir, "tools.yaml"),
      NARROWED.replace("short: Read a note.", "short: Read it."),
    );
    const run = await toolgenIn(
      { cwd: dir, env: { GITHUB_ACTIONS: "true" } },
      "diff",
      "--against",
      "HEAD~1",
    );
    expect(run.code).toBe(1);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^::error file=tools\.yaml,line=\d+,col=\d+,endColumn=\d+,title=toolgen diff%3A enum-value-removed::breaking: /,
    );
    expect(lines[1]).toMatch(
      /^::notice file=tools\.yaml,line=\d+,.*title=toolgen diff%3A text-changed::compatible: tool 'get_note': short changed \(-4 characters\)$/,
    );
    expect(run.stdout).toContain("1 breaking, 1 compatible");
  });

  it("--format github annotates a base's error on the spec's file, its place at the base in the message", async () => {
    const broken = variant([["targets:\n", "targets:\n  client: [\n"]]);
    const dir = repository([broken, variant([])]);
    const run = await toolgen(
      dir,
      "diff",
      "--against",
      "HEAD~1",
      "--format",
      "github",
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(
      /^::error file=tools\.yaml,title=toolgen diff::HEAD~1:tools\.yaml:\d+:\d+: /,
    );
  });

  it("--quiet lists the breaks only", async () => {
    const dir = repository([variant([]), NARROWED]);
    fs.writeFileSync(
      path.join(dir, "tools.yaml"),
      NARROWED.replace("short: Read a note.", "short: Read it."),
    );
    const run = await toolgen(dir, "diff", "--against", "HEAD~1", "--quiet");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("[enum-value-removed]");
    expect(run.stdout).not.toContain("[text-changed]");
    expect(run.stdout).toContain("1 breaking, 1 compatible");
  });

  it("refuses a missing --against and an unknown format, exit 2", async () => {
    const dir = repository([variant([])]);
    expect((await toolgen(dir, "diff")).code).toBe(2);
    const bad = await toolgen(
      dir,
      "diff",
      "--against",
      "HEAD",
      "--format",
      "xml",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      "--format 'xml' is not one of text, json, github",
    );
  });
});

describe("toolgen diff into a pipe closed early", () => {
  it("stops printing and still exits with its own code, without a stack", () => {
    // Hundreds of changed texts: more than a pipe holds, so that writing fails once head is gone.
    const before: string = syntheticSpec(300);
    const dir = repository([
      before,
      before.replace(/^(\s+short: )/gm, "$1Now "),
    ]);
    const run = spawnSync(
      "bash",
      [
        "-c",
        'node "$0" diff --against HEAD~1 --format github | head -c 1 >/dev/null; echo "exit ${PIPESTATUS[0]}"',
        path.join(repoRoot, "bin/toolgen.mjs"),
      ],
      { cwd: dir, encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("exit 0\n");
  });
});
