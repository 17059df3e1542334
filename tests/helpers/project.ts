import fs from "node:fs";
import path from "node:path";
import { afterEach } from "vitest";
import { main, type Io } from "../../generator/cli.js";
import { SpecError } from "../../generator/index.js";
import { generateFromDisk } from "./generate.js";
import { tempDir } from "./temp.js";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
export const fixtures = path.join(repoRoot, "tests/fixtures");

/** A throwaway project folder holding one spec, removed by the caller's afterEach or the OS. */
export function tempProject(specText: string, name = "tools.yaml"): string {
  const dir = tempDir("toolgen-test-");
  fs.writeFileSync(path.join(dir, name), specText);
  return dir;
}

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the toolgen CLI in-process, as `toolgen ...args` from `cwd`. */
export async function toolgen(
  cwd: string,
  ...args: string[]
): Promise<RunResult> {
  return toolgenIn({ cwd }, ...args);
}

/** As toolgen(), with an environment (none by default) and a signal that stops --watch. */
export async function toolgenIn(
  context: Pick<Io, "cwd" | "env" | "signal">,
  ...args: string[]
): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    ...context,
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

/** Every file below `dir` with its bytes, and each link as `-> <target>` (not followed), for before/after comparisons. */
export function snapshotDir(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isSymbolicLink())
        out[path.relative(dir, full).split(path.sep).join("/")] =
          `-> ${fs.readlinkSync(full)}`;
      else
        out[path.relative(dir, full).split(path.sep).join("/")] =
          fs.readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return out;
}

export function readFixture(...parts: string[]): string {
  return fs.readFileSync(path.join(fixtures, ...parts), "utf8");
}

/** The minimal valid fixture spec with each [from, to] replaced once (each `from` must be there). */
export function minimalVariant(...edits: [from: string, to: string][]): string {
  const minimal = readFixture("valid", "minimal", "tools.yaml");
  return edits.reduce((text, [from, to]) => {
    if (!text.includes(from))
      throw new Error(
        `the minimal spec no longer holds ${JSON.stringify(from)}`,
      );
    return text.replace(from, to);
  }, minimal);
}

/** Every problem generate() finds in a spec text, as `line:col: message`; [] when it is valid. */
export function specProblems(text: string): string[] {
  try {
    generateFromDisk({ file: "tools.yaml", text, dir: "/nonexistent" });
  } catch (e) {
    if (e instanceof SpecError)
      return e.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`);
    throw e;
  }
  return [];
}

/** Removes the folders it is given after each test of the calling file; returns each folder. */
export function removedAfterEach(): (dir: string) => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0))
      fs.rmSync(d, { recursive: true, force: true });
  });
  return (dir) => (dirs.push(dir), dir);
}
