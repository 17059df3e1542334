import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import {
  gatherInputs,
  generate,
  SpecError,
  specInput,
  type Diagnostic,
} from "../../generator/index.js";
import {
  minimalVariant,
  readFixture,
  tempProject,
  toolgen,
} from "../helpers/project.js";

/** A template of toolgen's left open: Handlebars cannot parse it. */
export const OPEN_TEMPLATE = "hello\n{{#each tools}}\n";

/**
 * A project with errors and warnings at once: a tool-like word no tool has (a warning located in
 * tools.yaml), a template toolgen does not use (a warning with no line), and a template left open
 * (an error located in it).
 */
export function brokenProject(): string {
  const dir = tempProject(
    minimalVariant(
      ["When you need a note back.", "When you need a note back (add_nte)."],
      [
        "    preamble: You can use these tools.",
        "    preamble: You can use these tools.\n    templates: tpl",
      ],
    ),
  );
  fs.mkdirSync(path.join(dir, "tpl"));
  fs.writeFileSync(path.join(dir, "tpl", "prompt.md.hbs"), OPEN_TEMPLATE);
  fs.writeFileSync(path.join(dir, "tpl", "unused.hbs"), "{{preamble}}\n");
  return dir;
}

/** A project whose spec has two errors, one of them a key holding a line break and a `%`. */
export function forgingProject(): string {
  return tempProject(
    `${readFixture("valid", "minimal", "tools.yaml")}"evil\\n::error::forged%": 1\nunknown_key: 2\n`,
  );
}

/** Every diagnostic the library finds in the project's tools.yaml, as gen reports them. */
export function libraryDiagnostics(dir: string): Diagnostic[] {
  const specPath = path.join(dir, "tools.yaml");
  const spec = specInput(specPath, fs.readFileSync(specPath, "utf8"), dir);
  try {
    return [...generate(gatherInputs(spec, { cwd: dir })).warnings];
  } catch (e) {
    if (e instanceof SpecError) return [...e.diagnostics];
    throw e;
  }
}

/** The text of a file of the project, by its path relative to it. */
export function sourceOf(dir: string): (file: string) => string | undefined {
  return (file) => {
    try {
      return fs.readFileSync(path.resolve(dir, file), "utf8");
    } catch {
      return undefined;
    }
  };
}

/**
 * The last column a diagnostic underlines, computed from the source line itself: as far as its
 * length goes, but not past the end of the line.
 */
export function lastColumn(d: Diagnostic, source: string | undefined): number {
  const text = source!.split("\n")[d.line! - 1]!;
  const col = d.col ?? 1;
  return col + Math.max(1, Math.min(d.length ?? 1, text.length - col + 1)) - 1;
}

/** A valid project, generated once. */
export async function cleanProject(): Promise<string> {
  const dir = tempProject(readFixture("valid", "minimal", "tools.yaml"));
  expect((await toolgen(dir)).code).toBe(0);
  return dir;
}

/** What a drifted output folder holds besides the truth, by kind, relative to the output folder. */
export const DRIFT = {
  changed: "client/tools.json",
  missing: "mcp/tools.json",
  extra: "mcp/stale.js",
  foreign: "mcp/stray.js",
} as const;

/** A generated project, then one file of each kind of drift. */
export async function driftedProject(): Promise<string> {
  const dir = await cleanProject();
  const out = path.join(dir, "generated");
  fs.appendFileSync(path.join(out, DRIFT.changed), "\n");
  fs.rmSync(path.join(out, DRIFT.missing));
  fs.appendFileSync(path.join(out, ".toolgen"), `${DRIFT.extra}\n`);
  fs.writeFileSync(path.join(out, DRIFT.extra), "// from an older spec\n");
  fs.writeFileSync(path.join(out, DRIFT.foreign), "// someone's notes\n");
  return dir;
}
