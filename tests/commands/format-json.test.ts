import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { removedAfterEach, snapshotDir, toolgen } from "../helpers/project.js";
import {
  brokenProject,
  cleanProject,
  DRIFT,
  driftedProject,
  forgingProject,
  lastColumn,
  libraryDiagnostics,
  sourceOf,
} from "./scenarios.js";

const keep = removedAfterEach();

/** Runs toolgen --format json: stdout must be one JSON document on one line, and nothing else. */
async function json(dir: string, ...args: string[]) {
  const result = await toolgen(dir, "--format", "json", ...args);
  expect(result.stdout.endsWith("\n")).toBe(true);
  expect(result.stdout.trimEnd().split("\n")).toHaveLength(1);
  const doc = JSON.parse(result.stdout) as Record<string, unknown> & {
    files: { path: string; status: string; diff?: string }[];
  };
  expect(doc.exitCode).toBe(result.code);
  return { ...result, doc };
}

/** What the JSON document should say of each diagnostic the library finds in the project. */
function expectedDiagnostics(dir: string) {
  const source = sourceOf(dir);
  return libraryDiagnostics(dir).map((d) => ({
    severity: d.severity,
    file: d.file,
    line: d.line ?? null,
    column: d.line === undefined ? null : (d.col ?? 1),
    end:
      d.line === undefined
        ? null
        : { line: d.line, column: lastColumn(d, source(d.file)) },
    message: d.message,
    code: d.code ?? null,
  }));
}

describe("--format json", () => {
  it("holds every error and warning, located, and the outcome invalid", async () => {
    const dir = keep(brokenProject());
    const { code, doc, stderr } = await json(dir);
    expect(code).toBe(2);
    expect(stderr).toBe("");
    expect(doc).toEqual({
      outcome: "invalid",
      exitCode: 2,
      check: false,
      spec: "tools.yaml",
      out: "generated",
      diagnostics: expectedDiagnostics(dir),
      files: [],
      notes: [],
      fix: null,
      error: null,
    });
    // The three kinds are there: a located warning, a located error, a warning with no line.
    expect(
      (doc.diagnostics as { severity: string; line: unknown }[]).map(
        (d) => `${d.severity} ${d.line === null ? "-" : "line"}`,
      ),
    ).toEqual(["warning line", "error line", "warning -"]);
  });

  it("keeps each message as the library words it, a line break from the spec escaped", async () => {
    const dir = keep(forgingProject());
    const { doc } = await json(dir);
    const expected = expectedDiagnostics(dir);
    expect(
      expected.some((d) =>
        d.message.includes(String.raw`"evil\n::error::forged%"`),
      ),
    ).toBe(true);
    expect(doc.diagnostics).toEqual(expected);
  });

  it("lists every file a clean run wrote, then left unchanged", async () => {
    const dir = keep(await cleanProject());
    const out = path.join(dir, "generated");
    fs.rmSync(out, { recursive: true });
    const first = await json(dir);
    const files = Object.keys(snapshotDir(out)).sort();
    expect(first.doc.outcome).toBe("written");
    expect(first.doc.diagnostics).toEqual([]);
    expect(first.doc.files).toEqual(
      files.map((p) => ({ path: `generated/${p}`, status: "written" })),
    );
    const again = await json(dir);
    expect(again.doc.outcome).toBe("unchanged");
    expect(again.doc.files).toEqual(
      files.map((p) => ({ path: `generated/${p}`, status: "unchanged" })),
    );
    const check = await json(dir, "--check");
    expect(check.code).toBe(0);
    expect(check.doc).toMatchObject({
      outcome: "unchanged",
      check: true,
      files: again.doc.files,
      fix: null,
    });
  });

  it("reports drift file by file, with the diff of a changed file and the fix", async () => {
    const dir = keep(await driftedProject());
    const { code, doc, stderr } = await json(dir, "--check");
    expect(code).toBe(1);
    expect(stderr).toBe("");
    expect(doc).toMatchObject({
      outcome: "drift",
      check: true,
      fix: "npx toolgen",
    });
    const byPath = new Map(doc.files.map((f) => [f.path, f]));
    for (const [status, file] of Object.entries(DRIFT))
      expect(byPath.get(`generated/${file}`)?.status).toBe(status);
    expect(byPath.get(`generated/${DRIFT.changed}`)?.diff).toContain(
      `+++ b/${DRIFT.changed}`,
    );
    const differing = doc.files.filter((f) => f.status !== "unchanged");
    expect(differing.map((f) => f.path).sort()).toEqual(
      [...Object.values(DRIFT), ".toolgen"].map((p) => `generated/${p}`).sort(),
    );
  });

  it("says what stopped a run that is not about the spec", async () => {
    const dir = keep(await cleanProject());
    const { code, doc } = await json(dir, "--spec", "nowhere.yaml");
    expect(code).toBe(2);
    expect(doc.outcome).toBe("error");
    expect(doc.error).toContain(
      `cannot read the spec ${path.join(dir, "nowhere.yaml")}`,
    );
  });
});
