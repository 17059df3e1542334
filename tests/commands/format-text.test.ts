import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../generator/index.js";
import {
  minimalVariant,
  removedAfterEach,
  snapshotDir,
  tempProject,
  toolgen,
} from "../helpers/project.js";
import {
  brokenProject,
  cleanProject,
  DRIFT,
  driftedProject,
  libraryDiagnostics,
  sourceOf,
} from "./scenarios.js";

const keep = removedAfterEach();

describe("--format text (the default)", () => {
  it("shows every error and warning with its frame, a blank line between frames", async () => {
    const dir = keep(brokenProject());
    const expected = libraryDiagnostics(dir);
    // The scenario is what it says: a located warning, a located error, a warning with no line.
    const source = sourceOf(dir);
    const warning = expected.find((d) => d.file === "tools.yaml")!;
    expect(source("tools.yaml")!.split("\n")[warning.line! - 1]).toContain(
      "add_nte",
    );
    expect(
      expected.map((d) => [d.file, d.severity, d.line !== undefined]),
    ).toEqual([
      ["tools.yaml", "warning", true],
      ["tpl/prompt.md.hbs", "error", true],
      ["tpl/unused.hbs", "warning", false],
    ]);

    const result = await toolgen(dir);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const blocks = expected.map((d) => formatDiagnostic(d, source(d.file)));
    expect(result.stderr).toBe(
      `${blocks.join("\n\n")}\n\ntoolgen: 1 error(s); nothing was written.\n`,
    );
  });

  it("--quiet leaves the warnings out, and keeps every error", async () => {
    const dir = keep(brokenProject());
    const errors = libraryDiagnostics(dir).filter(
      (d) => d.severity === "error",
    );
    const result = await toolgen(dir, "--quiet");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `${errors.map((d) => formatDiagnostic(d, sourceOf(dir)(d.file))).join("\n\n")}\n\ntoolgen: ${errors.length} error(s); nothing was written.\n`,
    );
    expect(result.stderr).not.toContain("warning:");
  });

  it("--verbose lists each file written, deleted or unchanged, with its status", async () => {
    const dir = keep(await cleanProject());
    const out = path.join(dir, "generated");
    const before = snapshotDir(out);
    // The short text changes some files; without the langchain target its files go.
    fs.writeFileSync(
      path.join(dir, "tools.yaml"),
      minimalVariant(
        ["short: Add a note.", "short: Add a short note."],
        ['  langchain: { package: "@acme/langchain" }\n', ""],
      ),
    );

    const result = await toolgen(dir, "--verbose");

    expect(result.code, result.stderr).toBe(0);
    const after = snapshotDir(out);
    const status = (p: string) =>
      !(p in after)
        ? "deleted"
        : !(p in before) || before[p] !== after[p]
          ? "written"
          : "unchanged";
    const all = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const count = (s: string) => all.filter((p) => status(p) === s).length;
    expect(count("deleted")).toBeGreaterThan(0);
    expect(count("written")).toBeGreaterThan(0);
    expect(result.stdout).toBe(
      all
        .sort()
        .map((p) => `${status(p).padEnd(9)} generated/${p}\n`)
        .join("") +
        `toolgen: generated/: ${count("written")} written, ${count("deleted")} deleted, ${count("unchanged")} unchanged\n`,
    );
  });

  it("--quiet says nothing on a run that went through, not even its warnings", async () => {
    const dir = keep(
      tempProject(
        minimalVariant([
          "When you need a note back.",
          "When you need a note back (add_nte).",
        ]),
      ),
    );
    const loud = await toolgen(dir);
    expect(loud.code).toBe(0);
    expect(loud.stderr).toContain("warning:");
    expect(await toolgen(dir, "--quiet")).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
    expect(await toolgen(dir, "--quiet", "--check")).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
  });

  it("reports drift as before, and --verbose lists each file --check looked at", async () => {
    const dir = keep(await driftedProject());
    const result = await toolgen(dir, "--check", "--verbose");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`--- a/${DRIFT.changed}`);
    expect(result.stderr).toContain(`missing: generated/${DRIFT.missing}\n`);
    expect(result.stderr).toContain(`extra:   generated/${DRIFT.extra}\n`);
    expect(result.stderr).toContain(
      `foreign: generated/${DRIFT.foreign} (toolgen did not write it)\n`,
    );
    const listed = Object.fromEntries(
      result.stdout
        .trimEnd()
        .split("\n")
        .map((line) => line.split(/ +/).reverse()),
    );
    for (const [status, file] of Object.entries(DRIFT))
      expect(listed[`generated/${file}`]).toBe(status);
    expect(listed["generated/.toolgen"]).toBe("changed");
    expect(listed["generated/client/package.json"]).toBe("unchanged");
  });

  it("refuses --quiet with --verbose, and an unknown format", async () => {
    const dir = keep(await cleanProject());
    for (const args of [
      ["--quiet", "--verbose"],
      ["--format", "xml"],
    ]) {
      const result = await toolgen(dir, ...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^toolgen: .+\nRun toolgen --help/);
    }
  });
});
